/**
 * A write to the device's storage (IndexedDB) that failed: the outbox or the kept copy of the
 * signed-in state. The shell shows it in a banner with what to do, as a send that could not wait
 * for the network is otherwise lost without a word.
 */
import { appAtom, appStore } from './store';

/** `full`: the browser's quota is spent; `failing`: storage is blocked, missing or broken. */
export type StorageProblem = 'full' | 'failing';

export const storageProblemAtom = appAtom<StorageProblem | null>(null);

function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('name' in error && error.name === 'QuotaExceededError') return true;
  return 'cause' in error && isQuotaExceeded(error.cause);
}

export function reportStorageProblem(error: unknown): void {
  appStore.set(storageProblemAtom, isQuotaExceeded(error) ? 'full' : 'failing');
}
