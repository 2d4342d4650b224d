/**
 * The offline outbox: a send that found no network waits here, with its Idempotency-Key, until the
 * page or the service worker can deliver it. Rules only; storage is in outbox-db.ts.
 */
import type { HttpError } from '../http';
import type { MessagePayload, NotificationPayload, ReplyPayload } from '../api';
import { DAY_MS } from '../durations';

/**
 * A photo to send (POST /api/users/sendImage): the form's fields, and the shrunk JPEG's bytes (kept as
 * an ArrayBuffer, which every browser's IndexedDB stores, where some have lost Blobs).
 */
export interface PhotoPayload {
  userId: string;
  vehicleId: string;
  image: ArrayBuffer;
  caption?: string;
  latitude?: number;
  longitude?: number;
}

/** Queued requests older than this are dropped with a notice rather than sent late. */
const OUTBOX_MAX_AGE_MS = DAY_MS;
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Where the service worker tells open pages that the outbox changed. */
export const OUTBOX_CHANNEL = 'vahan-contact-outbox';

export type OutboxRequest =
  | { path: '/api/users/sendMessage'; body: MessagePayload }
  | { path: '/api/users/sendNotification'; body: NotificationPayload }
  | { path: '/api/users/replyToNotification'; body: ReplyPayload }
  | { path: '/api/users/sendImage'; body: PhotoPayload };

/** What goes on the wire for a queued request: JSON, or the photo's multipart form. */
export function wireBody(request: OutboxRequest): unknown {
  if (request.path !== '/api/users/sendImage') return request.body;
  const { image, ...fields } = request.body;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

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

/** How a failed attempt at a queued request is handled. */
type FailureClass = 'offline' | 'retry-later' | 'signed-out' | 'refused';

export function classifyFailure(error: HttpError, request: OutboxRequest): FailureClass {
  const { status } = error;
  if (error.failure === 'offline') return 'offline';
  if (error.failure === 'unauthorized') return 'signed-out';
  // 409: the same key is still being processed (an earlier attempt); its answer comes on retry. To an
  // answer, 409 also means the request was answered already, which no retry changes.
  if (status === 409) return request.path === '/api/users/replyToNotification' ? 'refused' : 'retry-later';
  if (error.failure === 'server' || status === 408 || status === 429) return 'retry-later';
  return 'refused';
}

export const isExpired = (item: OutboxItem, now: number) => now - item.queuedAt > OUTBOX_MAX_AGE_MS;

/** A new Idempotency-Key: 32 random hex characters, inside the server's 8-128 of [A-Za-z0-9_-]. */
const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');

export function newOutboxItem(
  userId: string,
  request: OutboxRequest,
  label: string,
  now: number,
): OutboxItem {
  return { key: newIdempotencyKey(), userId, request, label, queuedAt: now };
}

/** The Background Sync of a registration, which TypeScript's libraries do not describe. */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/** Asks the browser to fire the outbox's sync when the network returns (where Background Sync exists). */
export async function registerOutboxSync(
  registration: object | undefined | Promise<object | undefined>,
): Promise<void> {
  try {
    const found = await registration;
    if (found && 'sync' in found) await (found.sync as SyncManager | undefined)?.register(OUTBOX_SYNC_TAG);
  } catch (error) {
    // No Background Sync: the page's own retries still run while it is open.
    console.error('Could not register the outbox sync', error);
  }
}
