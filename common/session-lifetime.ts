/**
 * How long a session lasts at most however much it is used (`SESSION_MAX_DAYS`'s default): the
 * server's default, and what the PWA keeps its copies of the session's screens for at most.
 */
export const SESSION_MAX_DAYS_DEFAULT = 90;
