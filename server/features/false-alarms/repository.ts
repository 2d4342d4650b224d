import { and, count, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { falseAlarms, senderPauses, users } from '../../db/schema';
import { pauseKey, pauseKeyOfUser } from '../../domain/requests/send-rule/pause';
import { DAY_MS } from '#common/durations';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

/** A false alarm whose minute to undo it has passed: its request, the two sides, and when it took effect. */
export interface DueReport {
  notificationId: string;
  senderId: string;
  receiverId: string;
  at: Date;
}

/**
 * Makes a false-alarm report take effect at `report.at`, inside the transaction `tx` that claimed it.
 * It is a strike against its sender unless this receiver struck that sender within a day or the
 * receiver's account is younger than `strikes.reporterMinAgeDays`; `strikes.toPause` strikes within
 * `strikes.windowDays` since the sender's last pause, from two receivers at least, pause the sender's
 * phone for `pauseDays`. The sender's row is locked, so reports about one sender are counted one at a
 * time. Resolves with the end of the pause it started, or null.
 */
export async function takeEffect(
  tx: Tx,
  report: DueReport,
  strikes: Config['strikes'],
): Promise<{ strike: boolean; pausedUntil: Date | null }> {
  const { notificationId, senderId, receiverId, at: now } = report;
  const [sender] = await tx
    .select({ phone: users.phone })
    .from(users)
    .where(eq(users.id, senderId))
    .for('no key update');
  const [reporter] = await tx.select({ since: users.createdAt }).from(users).where(eq(users.id, receiverId));
  if (!sender || !reporter) return { strike: false, pausedUntil: null };

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
  const reporterOldEnough = reporter.since <= daysBefore(now, strikes.reporterMinAgeDays);
  const strike = reporterOldEnough && (struckToday?.n ?? 0) === 0;
  const inserted = await tx
    .insert(falseAlarms)
    .values({ notificationId, senderId, receiverId, reportedAt: now, strike })
    .onConflictDoNothing()
    .returning({ id: falseAlarms.notificationId });
  if (inserted.length === 0 || !strike) return { strike: false, pausedUntil: null };

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
    return { strike, pausedUntil: null };
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
  return { strike, pausedUntil };
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
