/**
 * The page's side of the offline outbox. A send is written to the outbox (with its Idempotency-Key)
 * before it goes out; an answer removes it, no answer leaves it there, shown as "Waiting for
 * network". The page sends what waits when the network returns (the `online` event, then retries
 * with backoff); the service worker does the same through Background Sync when no page is open.
 */
import { flushOutbox, type FlushResult } from '#common/outbox/flush-outbox';
import {
  newIdempotencyKey,
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  type OutboxItem,
  type OutboxOutcome,
  type OutboxRequest,
} from '#common/outbox/outbox';
import { outboxOutcomeText } from '#common/outbox/outcome-text';
import { dropOtherUsers, putItem, queuedItems, removeItem, takeOutcomes } from '#common/outbox/outbox-db';
import { clearWorkerStore, saveWorkerSession, type WorkerSession } from '#common/worker-store';
import { addOutboxOutcomes, setOutbox } from './outbox';
import { userAtom } from './user';
import { API_BASE, apiClient, isNetworkError, isOffline } from '../lib/api-client';
import { appStore } from '../lib/store';
import { i18n } from '../i18n/i18n';
import { notifySuccess, notifyWarning } from '../lib/toasts';
import { getToken } from '../lib/token';

export type SendResult<T> =
  { kind: 'sent'; data: T } | { kind: 'queued'; key: string } | { kind: 'failed'; error: unknown };

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;

/** Sends being answered right now in this page: a flush leaves them to their sender. */
const sending = new Set<string>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failedFlushes = 0;
let flushing: Promise<void> | undefined;

function session() {
  const token = getToken();
  const user = appStore.get(userAtom);
  return token && user ? { userId: user._id, token, language: user.language } : null;
}

async function refreshOutbox(): Promise<OutboxItem[]> {
  const current = session();
  const items = current ? await queuedItems(current.userId) : [];
  // The answer counts only if the same user is still signed in.
  if (session()?.userId === current?.userId) setOutbox(items);
  return items;
}

async function showOutcomes(): Promise<void> {
  const current = session();
  if (!current) return;
  const outcomes = await takeOutcomes(current.userId);
  addOutboxOutcomes(outcomes);
  outcomes.forEach(announce);
}

/** A toast for each way a queued request ends. */
function announce(outcome: OutboxOutcome): void {
  const text = outboxOutcomeText(i18n, outcome);
  if (outcome.kind === 'sent') notifySuccess(text);
  else notifyWarning(text);
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (registration as SyncRegistration | undefined)?.sync?.register(OUTBOX_SYNC_TAG);
  } catch (error) {
    // No worker or no Background Sync: the page's own retries still run while it is open.
    console.error('Could not register the outbox sync', error);
  }
}

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failedFlushes);
  failedFlushes += 1;
  retryTimer = setTimeout(() => void flushNow(), delay * (0.75 + Math.random() * 0.5));
}

/** Sends what waits, once at a time; reschedules itself while something is left. */
export function flushNow(): Promise<void> {
  flushing ??= (async () => {
    const current = session();
    if (!current || isOffline()) return;
    let result: FlushResult = 'done';
    const waiting = (await queuedItems(current.userId)).filter((item) => !sending.has(item.key));
    if (waiting.length > 0) {
      result = await flushOutbox({
        session: current,
        fetch: (input, init) => fetch(input, init),
        now: Date.now,
        apiBase: API_BASE,
        skip: (key) => sending.has(key),
      });
    }
    await showOutcomes();
    await refreshOutbox();
    if (result === 'offline' || result === 'retry-later') scheduleRetry();
    else failedFlushes = 0;
  })()
    .catch((error: unknown) => console.error('Could not send the outbox', error))
    .finally(() => {
      flushing = undefined;
    });
  return flushing;
}

async function keep(item: OutboxItem): Promise<SendResult<never>> {
  void requestBackgroundSync();
  scheduleRetry();
  await refreshOutbox();
  return { kind: 'queued', key: item.key };
}

/**
 * Sends a request with an Idempotency-Key. With no network (or no answer) it stays in the outbox
 * and the result is `queued`; any answer from the server ends it here as before.
 */
export async function sendOrQueue<T>(request: OutboxRequest, label: string): Promise<SendResult<T>> {
  const current = session();
  if (!current) return { kind: 'failed', error: new Error('Not signed in') };
  const item: OutboxItem = {
    key: newIdempotencyKey(),
    userId: current.userId,
    request,
    label,
    queuedAt: Date.now(),
  };
  try {
    await putItem(item);
  } catch (error) {
    console.error('Could not keep the request in the outbox', error);
  }
  if (isOffline()) return keep(item);
  sending.add(item.key);
  try {
    const data = await apiClient<T>(request.path, {
      method: 'POST',
      body: request.body,
      headers: { 'Idempotency-Key': item.key },
    });
    await removeItem(item.key);
    return { kind: 'sent', data };
  } catch (error) {
    if (isNetworkError(error)) return keep(item);
    await removeItem(item.key);
    return { kind: 'failed', error };
  } finally {
    sending.delete(item.key);
    await refreshOutbox();
  }
}

/** The user took a queued request back: it is never sent. */
export async function cancelQueued(key: string): Promise<void> {
  await removeItem(key);
  await refreshOutbox();
}

/**
 * While a signed-in screen is open: hands the session to the service worker, shows what waits,
 * sends it when the network returns, and tells the user how queued requests ended.
 */
export function startOutbox(): () => void {
  // The user arrives after the screen opens when only the token was stored (the session check loads it).
  // A change of language (Settings) is handed on too: the worker's notifications speak it.
  let handedOver: WorkerSession | null = null;
  const open = () => {
    const current = session();
    if (!current || (current.userId === handedOver?.userId && current.language === handedOver.language)) {
      return;
    }
    const sameUser = current.userId === handedOver?.userId;
    handedOver = current;
    void (async () => {
      await saveWorkerSession(current);
      if (sameUser) return;
      await dropOtherUsers(current.userId);
      await refreshOutbox();
      await flushNow();
    })().catch((error: unknown) => console.error('Could not open the outbox', error));
  };
  open();
  const stopFollowingUser = appStore.sub(userAtom, open);
  const onOnline = () => {
    failedFlushes = 0;
    void flushNow();
  };
  window.addEventListener('online', onOnline);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL);
  channel?.addEventListener('message', () => {
    void showOutcomes().then(refreshOutbox);
  });
  return () => {
    stopFollowingUser();
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
    channel?.close();
  };
}

/** Logout: the queue, its notices and the worker's copy of the session are gone before anything is sent. */
export async function clearOutbox(): Promise<void> {
  clearTimeout(retryTimer);
  failedFlushes = 0;
  setOutbox([]);
  try {
    await clearWorkerStore();
  } catch (error) {
    console.error('Could not empty the outbox', error);
  }
}
