import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import type { SendRule } from './send-rule';

/**
 * Whether `rule`'s window of every sender's requests to one receiver is full now: the milliseconds
 * until it has room again, or null when it has room. The same count `store_checked_request` keeps
 * (`oldest_counted_request`), only read: a send is refused before anything is spent on it (a code
 * texted or checked), and the store still checks again under its lock. Built and prepared once.
 */
export function preparedReceiverWindowFull(
  db: Db,
  rule: SendRule,
): (receiverId: string, now: Date) => Promise<number | null> {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({ oldestMs: sql<number | null>`extract(epoch from oldest) * 1000`.mapWith(Number) })
    .from(
      sql`oldest_counted_request(${p('counts')}, null, ${p('receiverId')}, ${p('max')}, ${p('windowMs')}, ${p('at')}) as oldest`,
    )
    .prepare('receiver_window_full');
  return async (receiverId, now) => {
    const window = rule.perReceiver;
    if (!window) return null;
    const [row] = await query.execute({
      counts: [...rule.counts],
      receiverId,
      max: window.max,
      windowMs: window.ms,
      at: now,
    });
    const oldestMs = row?.oldestMs ?? null;
    return oldestMs === null ? null : oldestMs + window.ms - now.getTime();
  };
}
