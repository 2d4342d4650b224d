/**
 * The offline outbox: a send that found no network waits here, with its Idempotency-Key, until the
 * page or the service worker can deliver it. Rules only; storage is in outbox-db.ts.
 */
import type { MessagePayload, NotificationPayload } from '../api';

/** Queued requests older than this are dropped with a notice rather than sent late. */
export const OUTBOX_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Where the service worker tells open pages that the outbox changed. */
export const OUTBOX_CHANNEL = 'vahan-contact-outbox';

export type OutboxRequest =
  | { path: '/api/users/sendMessage'; body: MessagePayload }
  | { path: '/api/users/sendNotification'; body: NotificationPayload };

export interface OutboxItem {
  /** The Idempotency-Key, sent with every attempt. */
  key: string;
  /** The signed-in user who queued it: only their session sends or shows it. */
  userId: string;
  request: OutboxRequest;
  /** What the user sees in the list, e.g. "Message about KL07AB1234". */
  label: string;
  queuedAt: number;
}

export type OutboxOutcome = Pick<OutboxItem, 'key' | 'userId' | 'label'> & { at: number } & (
    { kind: 'sent' } | { kind: 'refused'; reason: string } | { kind: 'expired' }
  );

/** How an answer to a queued request is handled. */
export type AnswerClass = 'sent' | 'retry' | 'signed-out' | 'refused';

export function classifyAnswer(status: number): AnswerClass {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signed-out';
  // 409: the same key is still being processed (an earlier attempt); its answer comes on retry.
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

export const isExpired = (item: OutboxItem, now: number) => now - item.queuedAt > OUTBOX_MAX_AGE_MS;

/** A new Idempotency-Key: 32 random hex characters, inside the server's 8-128 of [A-Za-z0-9_-]. */
export const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');
