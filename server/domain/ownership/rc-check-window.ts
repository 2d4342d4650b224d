/**
 * A check against the RC that started less than this long ago is still in flight: the provider is
 * given 5 s, so a mark older than this was left by an instance that stopped mid-check.
 */
export const RC_CHECK_IN_FLIGHT_MS = 60_000;

/** Whether a registration's RC check, marked at `startedAt`, may still be waiting for the provider. */
export function rcCheckInFlight(startedAt: Date | null, now: Date): boolean {
  return startedAt !== null && now.getTime() - startedAt.getTime() < RC_CHECK_IN_FLIGHT_MS;
}
