/**
 * The first attempt at a request that goes through the outbox, the same in the page and the worker:
 * the request is written to the outbox (with its Idempotency-Key) before it goes out; an answer
 * takes it out again, no answer leaves it there for the next flush.
 */
import { HttpError, type Client } from '../http';
import { classifyFailure, wireBody, type OutboxItem } from './outbox';
import { putItem, removeItem } from './outbox-db';

export type SendResult<T> =
  { kind: 'sent'; data: T } | { kind: 'queued'; key: string } | { kind: 'failed'; error: unknown };

/** The outbox could not keep a request (storage full, blocked or missing): it cannot wait for the network. */
export class OutboxStorageError extends Error {
  constructor(cause: unknown) {
    super('Could not keep the request in the outbox', { cause });
    this.name = 'OutboxStorageError';
  }
}

/**
 * `offline`: the device says it has no network, so nothing is tried now. A request the outbox could
 * not keep is never reported as queued: with no answer it failed, with an `OutboxStorageError`.
 */
export async function sendOrKeep<T>(
  item: OutboxItem,
  client: Client,
  offline: boolean,
): Promise<SendResult<T>> {
  let notKept: OutboxStorageError | undefined;
  try {
    await putItem(item);
  } catch (error) {
    console.error('Could not keep the request in the outbox', error);
    notKept = new OutboxStorageError(error);
  }
  const waiting = (): SendResult<T> =>
    notKept ? { kind: 'failed', error: notKept } : { kind: 'queued', key: item.key };
  if (offline) return waiting();
  try {
    const data = await client<T>(item.request.path, {
      method: 'POST',
      body: wireBody(item.request),
      idempotencyKey: item.key,
    });
    await removeItem(item.key);
    return { kind: 'sent', data };
  } catch (error) {
    if (error instanceof HttpError && classifyFailure(error, item.request) === 'offline') return waiting();
    await removeItem(item.key);
    return { kind: 'failed', error };
  }
}
