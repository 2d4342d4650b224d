/** The outbox in IndexedDB: queued requests and the notices of how they ended, per user. */
import { del, delMany, entries, get, set } from 'idb-keyval';
import { workerStore } from '../worker-store';
import type { OutboxItem, OutboxOutcome } from './outbox';

const ITEM = 'outbox:';
const OUTCOME = 'outcome:';

async function valuesWithPrefix<T extends { userId: string }>(prefix: string, userId: string): Promise<T[]> {
  const all = await entries<IDBValidKey, T>(workerStore());
  return all
    .filter(([key, value]) => typeof key === 'string' && key.startsWith(prefix) && value.userId === userId)
    .map(([, value]) => value);
}

export async function queuedItems(userId: string): Promise<OutboxItem[]> {
  const items = await valuesWithPrefix<OutboxItem>(ITEM, userId);
  return items.sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function putItem(item: OutboxItem): Promise<void> {
  await set(ITEM + item.key, item, workerStore());
}

/** False once the item was sent, cancelled or wiped by a logout. */
export async function isQueued(key: string): Promise<boolean> {
  return (await get(ITEM + key, workerStore())) !== undefined;
}

export async function removeItem(key: string): Promise<void> {
  await del(ITEM + key, workerStore());
}

/** The item leaves the outbox and a notice of why waits for the page to show it. */
export async function finishItem(outcome: OutboxOutcome): Promise<void> {
  await set(OUTCOME + outcome.key, outcome, workerStore());
  await removeItem(outcome.key);
}

/** The notices not shown yet, removed as they are handed over. */
export async function takeOutcomes(userId: string): Promise<OutboxOutcome[]> {
  const outcomes = await valuesWithPrefix<OutboxOutcome>(OUTCOME, userId);
  await delMany(
    outcomes.map((outcome) => OUTCOME + outcome.key),
    workerStore(),
  );
  return outcomes.sort((a, b) => a.at - b.at);
}

/** Drops what another user left behind (defence in depth: logout already empties the store). */
export async function dropOtherUsers(userId: string): Promise<void> {
  const all = await entries<IDBValidKey, { userId?: unknown }>(workerStore());
  const foreign = all
    .filter(
      ([key, value]) =>
        typeof key === 'string' &&
        (key.startsWith(ITEM) || key.startsWith(OUTCOME)) &&
        value.userId !== userId,
    )
    .map(([key]) => key);
  await delMany(foreign, workerStore());
}
