import { and, desc, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notifications } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The matching request that must leave the window before one more is allowed (none while one is). */
const oldestCounted = (tx: Tx, matching: SQL | undefined, max: number, windowMs: number, now: Date) =>
  tx
    .select({ sentAt: notifications.sentAt })
    .from(notifications)
    .where(and(matching, gt(notifications.sentAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(notifications.sentAt))
    .offset(max - 1)
    .limit(1);

/**
 * Milliseconds until fewer than `max` matching requests (rows of the notifications table) lie in the
 * sliding window; 0 when one more is allowed now.
 */
export async function waitBeforeNext(
  tx: Tx,
  matching: SQL | undefined,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const [oldest] = await oldestCounted(tx, matching, max, windowMs, now);
  return waitFrom(oldest ? oldest.sentAt.getTime() : null, windowMs, now);
}

export const waitFrom = (oldestMs: number | null, windowMs: number, now: Date) =>
  oldestMs === null ? 0 : oldestMs + windowMs - now.getTime();
