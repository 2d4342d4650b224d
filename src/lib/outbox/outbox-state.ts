/**
 * The signed-in user's outbox as the screens show it: requests waiting for the network and the
 * notices of how queued requests ended since the app opened. The outbox itself lives in IndexedDB
 * (outbox-queue.ts); these mirror it.
 */
import type { OutboxItem, OutboxOutcome } from '#common/outbox/outbox';
import { appAtom, appStore } from '../store';

export const outboxAtom = appAtom<OutboxItem[]>([]);
export const outboxOutcomesAtom = appAtom<OutboxOutcome[]>([]);

export function setOutbox(items: OutboxItem[]): void {
  appStore.set(outboxAtom, items);
}

export function addOutboxOutcomes(outcomes: OutboxOutcome[]): void {
  if (outcomes.length > 0) appStore.set(outboxOutcomesAtom, (current) => [...current, ...outcomes]);
}
