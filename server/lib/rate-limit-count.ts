import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * Counts one hit of a rate-limit key in the database and returns the count so far (`current`) and the
 * milliseconds left in its window (`ttl`): the window starts at the first hit and the counter starts
 * again once it is over (the database's clock decides). A statement of its own, or a data-modifying
 * CTE of a query that folds the count into its own round trip.
 */
export function countHit(
  db: Db,
  key: string | Placeholder,
  windowMs: number | Placeholder,
  { ttlAs = 'ttl' } = {},
) {
  const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const windowOver = sql`${rateLimits.resetAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${windowOver} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      current: rateLimits.count,
      ttl: sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)`.as(ttlAs),
    });
}

/** The milliseconds left, as `countHit` returns them (a numeric, which node-postgres gives as text). */
export const ttlMs = (ttl: string | number) => Math.max(0, Number(ttl));
