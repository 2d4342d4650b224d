/** The receiver's one answer to a request, from its item in the bell. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import { isOffline, statusOf } from '../../lib/api-client';
import { useAtomValue } from '../../lib/store';
import { OFFLINE_TEXT } from '../../lib/texts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { answersAtom, recordAnswer } from '../../state/notifications';
import { replyToNotification } from './api';

export const REPLY_TEXTS = {
  sent: 'Your answer was sent.',
  failed: 'Could not send your answer. Please try again.',
  checkRegistration:
    'Thanks. Please check the registration number of your vehicle in My Vehicles: it may have been typed wrong.',
  answered: (label: string) => `You answered: ${label}`,
  answeredElsewhere: 'Answered',
} as const;

export function ReplyButtons({ notificationId }: { notificationId: string }) {
  const { i18n } = useLingui();
  const answer = useAtomValue(answersAtom)[notificationId];
  const [busy, setBusy] = useState(false);

  if (answer) {
    return (
      <p className="bell-item-answer" role="status">
        {answer === 'answered'
          ? REPLY_TEXTS.answeredElsewhere
          : REPLY_TEXTS.answered(replyLabel(i18n, answer))}
      </p>
    );
  }

  async function send(kind: ReplyKind) {
    if (isOffline()) {
      notifyError(OFFLINE_TEXT);
      return;
    }
    setBusy(true);
    try {
      await replyToNotification({ notificationId, kind });
      recordAnswer(notificationId, kind);
      notifySuccess(kind === 'not_my_vehicle' ? REPLY_TEXTS.checkRegistration : REPLY_TEXTS.sent);
    } catch (error) {
      if (statusOf(error) === 409) recordAnswer(notificationId, 'answered');
      else notifyError(REPLY_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bell-replies" role="group" aria-label="Answer">
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
