import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { falseAlarms, senderPauses, users } from '../../db/schema';
import { pauseKey, pauseKeyIn } from '../../domain/requests/send-rule/pause';
import { DAY_MS } from '#common/durations';

/** A running pause as an operator reviews it (`npm run ops -- pauses`). */
export interface PauseOnRecord {
  /** The pause's key: a hash of the paused phone. */
  phoneHash: string;
  /** The phone of the account that holds the paused number now; null when no account does. */
  phone: string | null;
  pausedAt: Date;
  pausedUntil: Date;
  /** The strikes that paused it (those of the window before it began), oldest first. */
  strikes: { requestId: string; reporterId: string; reportedAt: Date }[];
  /** The paused sender's one contest, if they sent it. */
  contest: { text: string; at: Date } | null;
}

/** The pauses running at `now`, oldest first, with their strikes and contests. */
export async function runningPauses(db: Db, strikes: Config['strikes'], now: Date): Promise<PauseOnRecord[]> {
  const pauses = await db
    .select({ pause: senderPauses, userId: users.id, phone: users.phone })
    .from(senderPauses)
    .leftJoin(users, eq(senderPauses.phoneHash, pauseKeyIn(users.phone)))
    .where(gt(senderPauses.pausedUntil, now))
    .orderBy(asc(senderPauses.pausedAt));
  const senderIds = pauses.flatMap(({ userId }) => (userId ? [userId] : []));
  const struck =
    senderIds.length === 0
      ? []
      : await db
          .select()
          .from(falseAlarms)
          .where(and(inArray(falseAlarms.senderId, senderIds), eq(falseAlarms.strike, true)))
          .orderBy(asc(falseAlarms.reportedAt));
  return pauses.map(({ pause, userId, phone }) => {
    const windowStart = pause.pausedAt.getTime() - strikes.windowDays * DAY_MS;
    return {
      phoneHash: pause.phoneHash,
      phone,
      pausedAt: pause.pausedAt,
      pausedUntil: pause.pausedUntil,
      strikes: struck
        .filter(
          (alarm) =>
            alarm.senderId === userId &&
            alarm.reportedAt.getTime() > windowStart &&
            alarm.reportedAt <= pause.pausedAt,
        )
        .map((alarm) => ({
          requestId: alarm.notificationId,
          reporterId: alarm.receiverId,
          reportedAt: alarm.reportedAt,
        })),
      contest:
        pause.contestText !== null && pause.contestedAt !== null
          ? { text: pause.contestText, at: pause.contestedAt }
          : null,
    };
  });
}

/**
 * Ends the pause of `phone` running at `now` (`npm run ops -- lift-pause <phone>`), and with it the
 * strikes reported against that number's account so far: a lifted pause's strikes do not count toward
 * the next one. Resolves with whether a pause was running.
 */
export async function liftPause(db: Db, phone: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lifted = await tx
      .delete(senderPauses)
      .where(and(eq(senderPauses.phoneHash, pauseKey(phone)), gt(senderPauses.pausedUntil, now)))
      .returning({ phoneHash: senderPauses.phoneHash });
    if (lifted.length === 0) return false;
    await tx
      .update(falseAlarms)
      .set({ strike: false })
      .where(
        and(
          eq(falseAlarms.senderId, sql`(select ${users.id} from ${users} where ${users.phone} = ${phone})`),
          eq(falseAlarms.strike, true),
          lte(falseAlarms.reportedAt, now),
        ),
      );
    return true;
  });
}
