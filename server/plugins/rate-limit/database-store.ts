import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { countHit, ttlMs } from '../../lib/rate-limit-count';

/** What @fastify/rate-limit asks of a store. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are swept once every this many counts, so addresses seen once do not pile up. */
const SWEEP_EVERY = 1000;

/**
 * A @fastify/rate-limit store that counts in the database, so every server instance on it shares one
 * budget and a restart forgets nothing. One statement per count (`countHit`).
 */
export function databaseRateLimitStore(db: Db, keyPrefix: string) {
  let counted = 0;
  return class DatabaseRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      counted += 1;
      const sweep = counted % SWEEP_EVERY === 0;
      count(`${keyPrefix}${key}`, timeWindowMs).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      if (sweep)
        void db
          .delete(rateLimits)
          .where(sql`${rateLimits.resetAt} < now()`)
          .catch(() => {});
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };

  async function count(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    const [row] = await countHit(db, key, timeWindowMs);
    if (!row) throw new Error('rate limit: the counter was not written');
    return { current: row.current, ttl: ttlMs(row.ttl) };
  }
}
