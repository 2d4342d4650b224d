/** The device says it has no network: nothing is tried now (a send waits in the outbox). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
