import { and, count, countDistinct, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { falseAlarms, notifications, senderPauses, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60_000;
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

export type Report =
  | { outcome: 'not-found' }
  | { outcome: 'sender-gone' }
  | { outcome: 'already-reported' }
  | { outcome: 'reported'; strike: boolean; pausedUntil: Date | null };

/**
 * Marks one of the receiver's requests a false alarm (once). It is a strike against its sender unless
 * this receiver struck that sender within a day; `strikes.toPause` strikes within `strikes.windowDays`
 * since the sender's last pause, from two receivers at least, pause the sender for `pauseDays`. The
 * sender's row is locked, so reports about one sender are counted one at a time.
 */
export async function reportFalseAlarm(
  db: Db,
  notificationId: string,
  receiverId: string,
  strikes: Config['strikes'],
  now: Date,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ senderId: notifications.senderId })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.receiverId, receiverId)));
    if (!request) return { outcome: 'not-found' };
    const { senderId } = request;
    if (!senderId) return { outcome: 'sender-gone' };
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${senderId} for no key update`);

    const [struckToday] = await tx
      .select({ n: count() })
      .from(falseAlarms)
      .where(
        and(
          eq(falseAlarms.receiverId, receiverId),
          eq(falseAlarms.senderId, senderId),
          eq(falseAlarms.strike, true),
          gt(falseAlarms.reportedAt, daysBefore(now, 1)),
        ),
      );
    const strike = (struckToday?.n ?? 0) === 0;
    const inserted = await tx
      .insert(falseAlarms)
      .values({ notificationId, senderId, receiverId, reportedAt: now, strike })
      .onConflictDoNothing()
      .returning({ id: falseAlarms.notificationId });
    if (inserted.length === 0) return { outcome: 'already-reported' };
    if (!strike) return { outcome: 'reported', strike, pausedUntil: null };

    const [pause] = await tx.select().from(senderPauses).where(eq(senderPauses.userId, senderId));
    const windowStart = daysBefore(now, strikes.windowDays);
    const since = pause && pause.pausedAt > windowStart ? pause.pausedAt : windowStart;
    const [counted] = await tx
      .select({ strikes: count(), receivers: countDistinct(falseAlarms.receiverId) })
      .from(falseAlarms)
      .where(
        and(
          eq(falseAlarms.senderId, senderId),
          eq(falseAlarms.strike, true),
          gt(falseAlarms.reportedAt, since),
        ),
      );
    if (!counted || counted.strikes < strikes.toPause || counted.receivers < 2) {
      return { outcome: 'reported', strike, pausedUntil: null };
    }
    const pausedUntil = new Date(now.getTime() + strikes.pauseDays * DAY_MS);
    await tx
      .insert(senderPauses)
      .values({ userId: senderId, pausedAt: now, pausedUntil })
      .onConflictDoUpdate({ target: senderPauses.userId, set: { pausedAt: now, pausedUntil } });
    return { outcome: 'reported', strike, pausedUntil };
  });
}

/** The sender's strikes within the window, and the end of a pause still running (null when none). */
export async function strikesOf(
  db: Db,
  senderId: string,
  strikes: Config['strikes'],
  now: Date,
): Promise<{ strikes: number; pausedUntil: Date | null }> {
  const [counted] = await db
    .select({ n: count() })
    .from(falseAlarms)
    .where(
      and(
        eq(falseAlarms.senderId, senderId),
        eq(falseAlarms.strike, true),
        gt(falseAlarms.reportedAt, daysBefore(now, strikes.windowDays)),
      ),
    );
  const [pause] = await db
    .select({ until: senderPauses.pausedUntil })
    .from(senderPauses)
    .where(and(eq(senderPauses.userId, senderId), gt(senderPauses.pausedUntil, now)));
  return { strikes: counted?.n ?? 0, pausedUntil: pause?.until ?? null };
}
