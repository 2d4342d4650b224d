/** The receiver's one answer to a request, from its item in the bell. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { answerLabel } from '#common/outbox/outcome-text';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import { ButtonRow } from '../../components/button-row';
import { statusOf } from '../../lib/api-client';
import { useAtomValue } from '../../lib/store';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/toasts';
import { answersAtom, recordAnswer } from '../../state/notifications';
import { replyToNotification } from './api';

export function ReplyButtons({ notificationId }: { notificationId: string }) {
  const { i18n } = useLingui();
  const answer = useAtomValue(answersAtom)[notificationId];
  const [busy, setBusy] = useState(false);

  if (answer) {
    return (
      <p className="bell-item-answer" role="status">
        {answer === 'answered'
          ? i18n._('notifications.answeredElsewhere')
          : i18n._('notifications.answered', { label: replyLabel(i18n, answer) })}
      </p>
    );
  }

  async function send(kind: ReplyKind) {
    setBusy(true);
    try {
      const result = await replyToNotification({ notificationId, kind }, answerLabel(i18n, kind));
      if (result.kind === 'failed') {
        if (statusOf(result.error) === 409) recordAnswer(notificationId, 'answered');
        else notifyError(i18n._('notifications.answerFailed'));
        return;
      }
      recordAnswer(notificationId, kind);
      if (result.kind === 'queued') notifyWarning(i18n._('notifications.answerQueued'));
      else if (kind === 'not_my_vehicle') notifySuccess(i18n._('notifications.checkRegistration'));
      else notifySuccess(i18n._('notifications.answerSent'));
    } catch (error) {
      console.error('Could not answer the request', error);
      notifyError(i18n._('notifications.answerFailed'));
    } finally {
      setBusy(false);
    }
  }

  const replies = REPLY_KINDS.map((kind) => ({
    label: replyLabel(i18n, kind),
    className: 'bell-reply',
    onClick: () => void send(kind),
  }));
  return (
    <ButtonRow
      className="bell-replies"
      label={i18n._('notifications.answerLabel')}
      disabled={busy}
      buttons={replies}
    />
  );
}
