/** The owner's answers to a request, and how the request's sender sees its progress. */
import type { FallbackChannel } from './fallback-channels';
import type { I18n } from '@lingui/core';
import { contactDetailsProblem } from './contact-details';

export const REPLY_KINDS = [
  'coming_now',
  'five_minutes',
  'fifteen_minutes',
  'cannot_come',
  'not_my_vehicle',
] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** The button an owner taps. */
export function replyLabel(i18n: I18n, kind: ReplyKind): string {
  switch (kind) {
    case 'coming_now':
      return i18n._('reply.label.comingNow');
    case 'five_minutes':
      return i18n._('reply.label.fiveMinutes');
    case 'fifteen_minutes':
      return i18n._('reply.label.fifteenMinutes');
    case 'cannot_come':
      return i18n._('reply.label.cannotCome');
    case 'not_my_vehicle':
      return i18n._('reply.label.notMyVehicle');
  }
}

/** What the request's sender reads: "KL07AB1234: Coming in 5 minutes". */
export function replyStatusText(i18n: I18n, kind: ReplyKind): string {
  switch (kind) {
    case 'coming_now':
      return i18n._('reply.status.comingNow');
    case 'five_minutes':
      return i18n._('reply.status.fiveMinutes');
    case 'fifteen_minutes':
      return i18n._('reply.status.fifteenMinutes');
    case 'cannot_come':
      return i18n._('reply.status.cannotCome');
    case 'not_my_vehicle':
      return i18n._('reply.status.notMyVehicle');
  }
}

/** The answers a system notification offers as actions (browsers show only a few). */
export const NOTIFICATION_ACTION_REPLIES: readonly ReplyKind[] = [
  'coming_now',
  'five_minutes',
  'cannot_come',
];

/** The answers that say the owner is on the way: a request so answered cannot be a false alarm. */
export const ARRIVAL_REPLIES: readonly ReplyKind[] = ['coming_now', 'five_minutes'];

export const REPLY_TEXT_MAX = 140;

/** Why a reply's text is refused, or null when it is fine: short, and no link, e-mail address or phone number. */
export function replyTextProblem(text: string): string | null {
  if (text.length > REPLY_TEXT_MAX) return `must be at most ${REPLY_TEXT_MAX} characters`;
  return contactDetailsProblem(text);
}

/** `waiting` and `expired`: a note left for a number nobody had registered, until it reached an owner. */
export type RequestStatus = 'waiting' | 'expired' | 'sent' | 'delivered' | 'seen' | 'answered';

/** What a request's progress is read from: a SentRequest of common/api.ts, which imports this file. */
interface RequestProgress {
  reply: { kind: ReplyKind; at: string } | null;
  deliveredAt: string | null;
  seenAt: string | null;
  reminderSentAt: string | null;
  waitingUntil?: string | null | undefined;
  expired?: boolean | undefined;
  /** The fallback ladder's steps, oldest first (absent on a request stored before it existed). */
  fallbacks?: readonly { channel: FallbackChannel; at: string }[];
}

export function requestStatus(request: RequestProgress): RequestStatus {
  if (request.reply) return 'answered';
  if (request.expired) return 'expired';
  if (request.waitingUntil) return 'waiting';
  if (request.seenAt) return 'seen';
  if (request.deliveredAt) return 'delivered';
  return 'sent';
}

function statusWord(i18n: I18n, status: RequestStatus): string {
  switch (status) {
    case 'waiting':
      return i18n._('request.status.waiting');
    case 'expired':
      return i18n._('request.status.expired');
    case 'sent':
      return i18n._('request.status.sent');
    case 'delivered':
      return i18n._('request.status.delivered');
    case 'seen':
      return i18n._('request.status.seen');
    case 'answered':
      return i18n._('request.status.answered');
  }
}

/** One line for the sender: the answer when there is one, else how far the request got. */
export function requestStatusText(i18n: I18n, request: RequestProgress): string {
  if (request.reply) return replyStatusText(i18n, request.reply.kind);
  const status = requestStatus(request);
  const lastFallback = request.fallbacks?.at(-1);
  if (lastFallback && status !== 'seen') {
    return lastFallback.channel === 'call'
      ? i18n._('request.status.calling')
      : i18n._('request.status.smsSent');
  }
  const base = statusWord(i18n, status);
  return request.reminderSentAt && status !== 'seen'
    ? i18n._('request.status.withReminder', { status: base })
    : base;
}

/** Where a tap on a request's push takes its receiver: the bell of the signed-in screens, at that request. */
export const requestUrl = (notificationId: string) =>
  `/dashboard?request=${encodeURIComponent(notificationId)}`;
