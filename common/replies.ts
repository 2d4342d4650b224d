/** The owner's answers to a request, and how the request's sender sees its progress. */
import type { SentRequest } from './api';

export const REPLY_KINDS = [
  'coming_now',
  'five_minutes',
  'fifteen_minutes',
  'cannot_come',
  'not_my_vehicle',
] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** The button an owner taps. */
export const REPLY_LABELS: Record<ReplyKind, string> = {
  coming_now: 'Coming now',
  five_minutes: 'In 5 minutes',
  fifteen_minutes: 'In 15 minutes',
  cannot_come: "Can't come now",
  not_my_vehicle: 'Not my vehicle',
};

/** What the request's sender reads: "KL07AB1234: Coming in 5 minutes". */
export const REPLY_STATUS_TEXTS: Record<ReplyKind, string> = {
  coming_now: 'Coming now',
  five_minutes: 'Coming in 5 minutes',
  fifteen_minutes: 'Coming in 15 minutes',
  cannot_come: "Can't come now",
  not_my_vehicle: 'Not my vehicle',
};

/** The answers a system notification offers as actions (browsers show only a few). */
export const NOTIFICATION_ACTION_REPLIES: readonly ReplyKind[] = [
  'coming_now',
  'five_minutes',
  'cannot_come',
];

export const REPLY_TEXT_MAX = 140;

const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|in|org|net|io|me|co|ly|app|link|info|xyz)\b)/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Seven or more digits, however they are spaced or punctuated, make a phone number. */
const PHONE = /(\d[\s\-.()+/]*){7,}/;

/** Why a reply's text is refused, or null when it is fine: no link, e-mail address or phone number. */
export function replyTextProblem(text: string): string | null {
  if (text.length > REPLY_TEXT_MAX) return `must be at most ${REPLY_TEXT_MAX} characters`;
  if (LINK.test(text)) return 'must not contain a link';
  if (EMAIL.test(text)) return 'must not contain an e-mail address';
  if (PHONE.test(text)) return 'must not contain a phone number';
  return null;
}

export type RequestStatus = 'sent' | 'delivered' | 'seen' | 'answered';

export function requestStatus(request: SentRequest): RequestStatus {
  if (request.reply) return 'answered';
  if (request.seenAt) return 'seen';
  if (request.deliveredAt) return 'delivered';
  return 'sent';
}

/** One line for the sender: the answer when there is one, else how far the request got. */
export function requestStatusText(request: SentRequest): string {
  if (request.reply) return REPLY_STATUS_TEXTS[request.reply.kind];
  const status = requestStatus(request);
  const base = { sent: 'Sent', delivered: 'Delivered', seen: 'Seen', answered: 'Answered' }[status];
  return request.reminderSentAt && status !== 'seen' ? `${base} · reminder sent` : base;
}

/** Where a tap on a request's push takes its receiver: the bell of the signed-in screens, at that request. */
export const requestUrl = (notificationId: string) =>
  `/dashboard?request=${encodeURIComponent(notificationId)}`;

/** The request a push is about, for the pushes that can be answered (those sent to its receiver). */
export function requestIdOfUrl(url: string): string | null {
  const match = /^\/dashboard\?request=([^&]+)$/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
