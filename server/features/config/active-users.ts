import { count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

/** How long the count of accounts is served before it is counted again. */
export const ACTIVE_USERS_CACHE_MS = 60_000;

/**
 * The number of accounts (every one was made by verifying a phone), counted at most once a
 * minute however many dashboards ask.
 */
export function cachedActiveUsers(db: Db, now: () => Date): () => Promise<number> {
  let cached: { value: number; at: number } | null = null;
  return async () => {
    const at = now().getTime();
    if (cached && at - cached.at < ACTIVE_USERS_CACHE_MS) return cached.value;
    const [row] = await db.select({ value: count() }).from(users);
    cached = { value: row?.value ?? 0, at };
    return cached.value;
  };
}
