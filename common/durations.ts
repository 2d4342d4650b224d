/** Lengths of time in milliseconds, as settings, windows and lifetimes count them. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** A year in seconds, as cookies' `Max-Age` and HSTS's `max-age` count it. */
export const YEAR_S = (365 * DAY_MS) / 1000;
