/** The outbox running as under the signed-in shell, for screens rendered alone. */
import { onTestFinished } from 'vitest';
import { startOutbox } from '../lib/outbox/outbox-queue';

/** Starts the outbox for this test; it stops when the test ends. */
export function runOutbox(): void {
  onTestFinished(startOutbox());
}

/** The network returns: the running outbox sends what waits. */
export function networkReturns(online: { mockReturnValue: (value: boolean) => unknown }): void {
  online.mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}
