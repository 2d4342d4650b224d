import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { senderPauses } from '../../db/schema';
import { forbidden } from '../http-error';

/**
 * Until when strikes pause a sender (every way of reaching an owner refuses them meanwhile), or null
 * when they are not paused at `now`: built and prepared once, as every send asks.
 */
export function preparedPausedUntil(db: Db): (senderId: string, now: Date) => Promise<Date | null> {
  const query = db
    .select({ until: senderPauses.pausedUntil })
    .from(senderPauses)
    .where(
      and(
        eq(senderPauses.userId, sql.placeholder('senderId')),
        gt(senderPauses.pausedUntil, sql.placeholder('now')),
      ),
    )
    .prepare('paused_until_of_sender');
  return async (senderId, now) => {
    const [found] = await query.execute({ senderId, now });
    return found?.until ?? null;
  };
}

/** A paused sender's answer, the same for every way of reaching an owner: refused, and until when. */
export const pausedSender = (until: Date) =>
  forbidden((i18n) =>
    i18n._('server.sendRule.paused', {
      date: i18n.date(until, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }),
    }),
  );
