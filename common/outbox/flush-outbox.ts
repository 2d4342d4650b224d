/**
 * Sends the queued requests of one session, oldest first, each with its own Idempotency-Key, so a
 * retry after a lost answer stores nothing new. Runs in the page and in the service worker.
 */
import type { WorkerSession } from '../worker-store';
import { createClient, HttpError } from '../http';
import { classifyFailure, isExpired, wireBody, type OutboxItem } from './outbox';
import { finishItem, isQueued, queuedItems } from './outbox-db';

/** `offline` and `retry-later` leave items queued; `signed-out` means the token no longer works. */
export type FlushResult = 'done' | 'offline' | 'retry-later' | 'signed-out';

interface FlushDeps {
  session: WorkerSession;
  fetch: typeof fetch;
  now: () => number;
  apiBase?: string;
  /** Items another part of the same page is sending right now. */
  skip?: (key: string) => boolean;
}

/** The outbox's requests carry the session's token and their own Idempotency-Key. */
function sendQueued(item: OutboxItem, deps: Pick<FlushDeps, 'session' | 'fetch' | 'apiBase'>) {
  const client = createClient({ base: deps.apiBase, token: () => deps.session.token, fetch: deps.fetch });
  return client(item.request.path, {
    method: 'POST',
    body: wireBody(item.request),
    idempotencyKey: item.key,
  });
}

async function flushItems(deps: FlushDeps): Promise<FlushResult> {
  for (const item of await queuedItems(deps.session.userId)) {
    // Cancelled, sent by someone else or wiped by a logout since the list was read.
    if (deps.skip?.(item.key) || !(await isQueued(item.key))) continue;
    const base = { key: item.key, userId: item.userId, label: item.label };
    if (isExpired(item, deps.now())) {
      await finishItem({ ...base, kind: 'expired', at: deps.now() });
      continue;
    }
    try {
      await sendQueued(item, deps);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const failure = classifyFailure(error, item.request);
      if (failure !== 'refused') return failure;
      const reason = error.serverMessage ?? `The server refused it (${String(error.status)}).`;
      await finishItem({ ...base, kind: 'refused', reason, at: deps.now() });
      continue;
    }
    await finishItem({ ...base, kind: 'sent', at: deps.now() });
  }
  return 'done';
}

/** One flush at a time across the page's tabs and the worker (Web Locks where there are any). */
export async function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return flushItems(deps);
  return locks.request('vahan-contact-outbox-flush', async () => await flushItems(deps));
}
