import { forbidden, tooManyRequests, type ClientText, type HttpError } from '../../lib/http-error';
import { pausedSender } from './send-rule/pause';
import type { SendRefusal } from './send-rule/send-rule';
import { wasRefused, type Reached, type ReachOutcome } from './reach';

/** What a sender is told when the send rule refuses a way of reaching an owner, by refusal. */
export type RefusalTexts = Record<Exclude<SendRefusal['refused'], 'paused'>, ClientText>;

/** A message, a notification or a photo: the pair's and the receiver's windows read the same. */
export const messageRefusals: RefusalTexts = {
  blocked: (i18n) => i18n._('server.notifications.blocked'),
  perSender: (i18n) => i18n._('server.notifications.senderLimit'),
  perPair: (i18n) => i18n._('server.notifications.pairLimit'),
  perReceiver: (i18n) => i18n._('server.notifications.pairLimit'),
};

export const callRefusals: RefusalTexts = {
  blocked: (i18n) => i18n._('server.calls.blocked'),
  perSender: (i18n) => i18n._('server.calls.callerLimit'),
  perPair: (i18n) => i18n._('server.calls.pairLimit'),
  perReceiver: (i18n) => i18n._('server.calls.receiverLimit'),
};

/** The HttpError a refused sender is answered with: 403 paused or blocked, 429 with Retry-After. */
export function refusalError(refusal: SendRefusal, texts: RefusalTexts): HttpError {
  switch (refusal.refused) {
    case 'paused':
      return pausedSender(refusal.until);
    case 'blocked':
      return forbidden(texts.blocked);
    default:
      return tooManyRequests(texts[refusal.refused], refusal.retryAfterMs / 1000);
  }
}

/** The stored request, or the refusal thrown as what its sender is told. */
export function reachedOrThrow(outcome: ReachOutcome, texts: RefusalTexts): Reached {
  if (wasRefused(outcome)) throw refusalError(outcome.refused, texts);
  return outcome;
}
