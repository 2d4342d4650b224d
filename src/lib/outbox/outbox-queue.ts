/**
 * The page's side of the offline outbox. A send is written to the outbox (with its Idempotency-Key)
 * before it goes out; an answer removes it, no answer leaves it there, shown as "Waiting for
 * network". The page sends what waits when the network returns (the `online` event, then retries
 * with backoff); the service worker does the same through Background Sync when no page is open.
 */
import { flushOutbox, type FlushResult } from '#common/outbox/flush-outbox';
import {
  newOutboxItem,
  OUTBOX_CHANNEL,
  registerOutboxSync,
  type OutboxItem,
  type OutboxOutcome,
  type OutboxRequest,
} from '#common/outbox/outbox';
import { OutboxStorageError, sendOrKeep, type SendResult } from '#common/outbox/send-or-keep';
import { outboxOutcomeText } from '#common/outbox/outcome-text';
import { dropOtherUsers, queuedItems, removeItem, takeOutcomes } from '#common/outbox/outbox-db';
import { clearWorkerStore, saveWorkerSession, type WorkerSession } from '#common/worker-store';
import { addOutboxOutcomes, setOutbox } from './outbox-state';
import { followOutboxUser, outboxSession } from './outbox-session';
import { API_BASE, apiClient } from '../api-client';
import { isOffline } from '../network';
import { i18n } from '../../i18n/i18n';
import { notifySuccess, notifyWarning } from '../toasts';
import { reportStorageProblem } from '../storage-problem';

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;

/** Sends being answered right now in this page: a flush leaves them to their sender. */
const sending = new Set<string>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failedFlushes = 0;
let flushing: Promise<void> | undefined;

async function refreshOutbox(): Promise<OutboxItem[]> {
  const current = outboxSession();
  const items = current ? await queuedItems(current.userId) : [];
  // The answer counts only if the same user is still signed in.
  if (outboxSession()?.userId === current?.userId) setOutbox(items);
  return items;
}

async function showOutcomes(): Promise<void> {
  const current = outboxSession();
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

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failedFlushes);
  failedFlushes += 1;
  retryTimer = setTimeout(() => void flushNow(), delay * (0.75 + Math.random() * 0.5));
}

/** Sends what waits, once at a time; reschedules itself while something is left. */
function flushNow(): Promise<void> {
  flushing ??= (async () => {
    const current = outboxSession();
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

/**
 * Sends a request with an Idempotency-Key. With no network (or no answer) it stays in the outbox
 * and the result is `queued`, unless the outbox could not keep it: then it failed, and the shell
 * says why; any answer from the server ends it here as before.
 */
export async function sendOrQueue<T>(request: OutboxRequest, label: string): Promise<SendResult<T>> {
  const current = outboxSession();
  if (!current) return { kind: 'failed', error: new Error('Not signed in') };
  const item = newOutboxItem(current.userId, request, label, Date.now());
  sending.add(item.key);
  try {
    const result = await sendOrKeep<T>(item, apiClient, isOffline());
    if (result.kind === 'queued') {
      void registerOutboxSync(navigator.serviceWorker?.getRegistration());
      scheduleRetry();
    }
    if (result.kind === 'failed' && result.error instanceof OutboxStorageError) {
      reportStorageProblem(result.error);
    }
    return result;
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
    const current = outboxSession();
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
  const stopFollowingUser = followOutboxUser(open);
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
