import { and, count, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import { ARRIVAL_REPLIES } from '#common/replies';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { falseAlarms, notifications, senderPauses, users } from '../../db/schema';
import { pauseKey, pauseKeyOfUser } from '../../lib/send-rule/pause';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

export type Report =
  | { outcome: 'not-found' }
  | { outcome: 'sender-gone' }
  | { outcome: 'too-late' }
  | { outcome: 'answered-arrival' }
  | { outcome: 'already-reported' }
  | { outcome: 'reported'; strike: boolean; pausedUntil: Date | null };

/**
 * Marks one of the receiver's requests a false alarm (once), within `strikes.reportHours` of its
 * sending and unless the receiver answered that they were coming. It is a strike against its sender
 * unless this receiver struck that sender within a day or the receiver's account is younger than
 * `strikes.reporterMinAgeDays`; `strikes.toPause` strikes within `strikes.windowDays` since the
 * sender's last pause, from two receivers at least, pause the sender's phone for `pauseDays`. The
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
      .select({
        senderId: notifications.senderId,
        sentAt: notifications.sentAt,
        replyKind: notifications.replyKind,
        reporterSince: users.createdAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.receiverId))
      .where(and(eq(notifications.id, notificationId), eq(notifications.receiverId, receiverId)));
    if (!request) return { outcome: 'not-found' };
    if (now.getTime() - request.sentAt.getTime() > strikes.reportHours * HOUR_MS)
      return { outcome: 'too-late' };
    if (ARRIVAL_REPLIES.some((kind) => kind === request.replyKind)) return { outcome: 'answered-arrival' };
    const { senderId } = request;
    if (!senderId) return { outcome: 'sender-gone' };
    const [sender] = await tx
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, senderId))
      .for('no key update');
    if (!sender) return { outcome: 'sender-gone' };

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
    const reporterOldEnough = request.reporterSince <= daysBefore(now, strikes.reporterMinAgeDays);
    const strike = reporterOldEnough && (struckToday?.n ?? 0) === 0;
    const inserted = await tx
      .insert(falseAlarms)
      .values({ notificationId, senderId, receiverId, reportedAt: now, strike })
      .onConflictDoNothing()
      .returning({ id: falseAlarms.notificationId });
    if (inserted.length === 0) return { outcome: 'already-reported' };
    if (!strike) return { outcome: 'reported', strike, pausedUntil: null };

    const phoneHash = pauseKey(sender.phone);
    const [pause] = await tx.select().from(senderPauses).where(eq(senderPauses.phoneHash, phoneHash));
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
    // A pause that runs on keeps its contest; a new one may be contested again.
    const contestKept = <T>(column: T) =>
      sql`case when ${senderPauses.pausedUntil} > ${now} then ${column} end`;
    await tx
      .insert(senderPauses)
      .values({ phoneHash, pausedAt: now, pausedUntil })
      .onConflictDoUpdate({
        target: senderPauses.phoneHash,
        set: {
          pausedAt: now,
          pausedUntil,
          contestText: contestKept(senderPauses.contestText),
          contestedAt: contestKept(senderPauses.contestedAt),
        },
      });
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
    .where(and(eq(senderPauses.phoneHash, pauseKeyOfUser(senderId)), gt(senderPauses.pausedUntil, now)));
  return { strikes: counted?.n ?? 0, pausedUntil: pause?.until ?? null };
}

export type Contest = 'contested' | 'not-paused' | 'already-contested';

/** Keeps a paused user's one contest of the pause running at `now`, for an operator to read. */
export async function contestPause(db: Db, userId: string, text: string, now: Date): Promise<Contest> {
  const running = and(eq(senderPauses.phoneHash, pauseKeyOfUser(userId)), gt(senderPauses.pausedUntil, now));
  const contested = await db
    .update(senderPauses)
    .set({ contestText: text, contestedAt: now })
    .where(and(running, isNull(senderPauses.contestedAt)))
    .returning({ phoneHash: senderPauses.phoneHash });
  if (contested.length > 0) return 'contested';
  const [pause] = await db.select({ phoneHash: senderPauses.phoneHash }).from(senderPauses).where(running);
  return pause ? 'already-contested' : 'not-paused';
}
