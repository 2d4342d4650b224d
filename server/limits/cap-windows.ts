/**
 * How far back the per-account caps that keep their events in the database count: an event older
 * than its window counts for nothing, and the retention sweep deletes it (it names an account and,
 * for an ownership check, a plate).
 */
import { DAY_MS, HOUR_MS } from '#common/durations';

/** Adds and number changes of vehicles, per hour. */
export const VEHICLE_CHANGE_WINDOW_MS = HOUR_MS;

/** Ownership (RC) checks, per day. */
export const RC_CHECK_WINDOW_MS = DAY_MS;
