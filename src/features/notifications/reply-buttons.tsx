/** The receiver's one answer to a request, from its item in the bell. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import { statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { useAtomValue } from '../../lib/store';
import { notifyError, notifySuccess } from '../../lib/toasts';
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
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await replyToNotification({ notificationId, kind });
      recordAnswer(notificationId, kind);
      notifySuccess(
        kind === 'not_my_vehicle'
          ? i18n._('notifications.checkRegistration')
          : i18n._('notifications.answerSent'),
      );
    } catch (error) {
      if (statusOf(error) === 409) recordAnswer(notificationId, 'answered');
      else notifyError(i18n._('notifications.answerFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bell-replies" role="group" aria-label={i18n._('notifications.answerLabel')}>
      {REPLY_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="bell-reply"
          disabled={busy}
          onClick={() => void send(kind)}
        >
          {replyLabel(i18n, kind)}
        </button>
      ))}
    </div>
  );
}
