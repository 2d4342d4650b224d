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

/** `offline`: the device says it has no network, so nothing is tried now. */
export async function sendOrKeep<T>(
  item: OutboxItem,
  client: Client,
  offline: boolean,
): Promise<SendResult<T>> {
  try {
    await putItem(item);
  } catch (error) {
    console.error('Could not keep the request in the outbox', error);
  }
  if (offline) return { kind: 'queued', key: item.key };
  try {
    const data = await client<T>(item.request.path, {
      method: 'POST',
      body: wireBody(item.request),
      idempotencyKey: item.key,
    });
    await removeItem(item.key);
    return { kind: 'sent', data };
  } catch (error) {
    if (error instanceof HttpError && classifyFailure(error, item.request) === 'offline') {
      return { kind: 'queued', key: item.key };
    }
    await removeItem(item.key);
    return { kind: 'failed', error };
  }
}
