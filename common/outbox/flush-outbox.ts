/**
 * Sends the queued requests of one session, oldest first, each with its own Idempotency-Key, so a
 * retry after a lost answer stores nothing new. Runs in the page and in the service worker.
 */
import type { WorkerSession } from '../worker-store';
import { classifyAnswer, isExpired, type OutboxItem } from './outbox';
import { finishItem, isQueued, queuedItems } from './outbox-db';

/** `offline` and `retry-later` leave items queued; `signed-out` means the token no longer works. */
export type FlushResult = 'done' | 'offline' | 'retry-later' | 'signed-out';

export interface FlushDeps {
  session: WorkerSession;
  fetch: typeof fetch;
  now: () => number;
  apiBase?: string;
  /** Items another part of the same page is sending right now. */
  skip?: (key: string) => boolean;
}

export function sendQueued(item: OutboxItem, deps: Pick<FlushDeps, 'session' | 'fetch' | 'apiBase'>) {
  return deps.fetch(`${deps.apiBase ?? ''}${item.request.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${deps.session.token}`,
      'idempotency-key': item.key,
    },
    body: JSON.stringify(item.request.body),
  });
}

async function reasonOf(response: Response): Promise<string> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return `The server refused it (${response.status}).`;
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
    let response: Response;
    try {
      response = await sendQueued(item, deps);
    } catch {
      return 'offline';
    }
    const answer = classifyAnswer(response.status);
    if (answer === 'sent') await finishItem({ ...base, kind: 'sent', at: deps.now() });
    else if (answer === 'refused') {
      await finishItem({ ...base, kind: 'refused', reason: await reasonOf(response), at: deps.now() });
    } else return answer === 'retry' ? 'retry-later' : 'signed-out';
  }
  return 'done';
}

/** One flush at a time across the page's tabs and the worker (Web Locks where there are any). */
export async function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return flushItems(deps);
  return locks.request('vahan-contact-outbox-flush', async () => await flushItems(deps));
}
