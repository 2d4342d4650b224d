import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { ARRIVAL_REPLIES } from '#common/replies';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { falseAlarms, requests, pendingFalseAlarms } from '../../db/schema';
import { takeEffect } from './repository';
import { HOUR_MS } from '#common/durations';

/** The most reports one run of the commit job makes take effect; the next run takes the rest. */
const COMMIT_BATCH = 200;

export type Report =
  | { outcome: 'not-found' }
  | { outcome: 'sender-gone' }
  | { outcome: 'too-late' }
  | { outcome: 'answered-arrival' }
  | { outcome: 'already-reported' }
  | { outcome: 'reported'; takesEffectAt: Date };

const isArrival = (kind: string | null) => ARRIVAL_REPLIES.some((arrival) => arrival === kind);

/**
 * Marks one of the receiver's requests a false alarm (once), within `strikes.reportHours` of its
 * sending and unless the receiver answered that they were coming. The report is kept at once, pending:
 * it takes effect (`takeEffect`) when `strikes.undoSeconds` have passed without `undoFalseAlarm`. The
 * request's row is locked, so a report and the job that commits an earlier one take turns.
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
        senderId: requests.senderId,
        sentAt: requests.sentAt,
        replyKind: requests.replyKind,
      })
      .from(requests)
      .where(and(eq(requests.id, notificationId), eq(requests.receiverId, receiverId)))
      .for('no key update');
    if (!request) return { outcome: 'not-found' };
    if (now.getTime() - request.sentAt.getTime() > strikes.reportHours * HOUR_MS)
      return { outcome: 'too-late' };
    if (isArrival(request.replyKind)) return { outcome: 'answered-arrival' };
    const { senderId } = request;
    if (!senderId) return { outcome: 'sender-gone' };
    const [committed] = await tx
      .select({ id: falseAlarms.notificationId })
      .from(falseAlarms)
      .where(eq(falseAlarms.notificationId, notificationId));
    if (committed) return { outcome: 'already-reported' };
    const takesEffectAt = new Date(now.getTime() + strikes.undoSeconds * 1000);
    const inserted = await tx
      .insert(pendingFalseAlarms)
      .values({ notificationId, senderId, receiverId, reportedAt: now, takesEffectAt })
      .onConflictDoNothing()
      .returning({ id: pendingFalseAlarms.notificationId });
    return inserted.length === 0 ? { outcome: 'already-reported' } : { outcome: 'reported', takesEffectAt };
  });
}

export type Undo = 'undone' | 'too-late' | 'not-reported';

/**
 * Withdraws the receiver's report of a request while it is still pending at `now`: it never takes
 * effect. `too-late` once its time to undo has passed (taken effect or about to), `not-reported` when
 * the receiver has no report of that request.
 */
export async function undoFalseAlarm(
  db: Db,
  notificationId: string,
  receiverId: string,
  now: Date,
): Promise<Undo> {
  const mine = and(
    eq(pendingFalseAlarms.notificationId, notificationId),
    eq(pendingFalseAlarms.receiverId, receiverId),
  );
  const undone = await db
    .delete(pendingFalseAlarms)
    .where(and(mine, gt(pendingFalseAlarms.takesEffectAt, now)))
    .returning({ id: pendingFalseAlarms.notificationId });
  if (undone.length > 0) return 'undone';
  const [pending] = await db
    .select({ id: pendingFalseAlarms.notificationId })
    .from(pendingFalseAlarms)
    .where(mine);
  if (pending) return 'too-late';
  const [committed] = await db
    .select({ id: falseAlarms.notificationId })
    .from(falseAlarms)
    .where(and(eq(falseAlarms.notificationId, notificationId), eq(falseAlarms.receiverId, receiverId)));
  return committed ? 'too-late' : 'not-reported';
}

/**
 * Makes every pending report whose time to undo has passed by `now` take effect, each as of the moment
 * that time ended, in a transaction of its own that first claims it (so instances running this at once
 * commit each report once). A report whose receiver answered meanwhile that they were coming is
 * dropped, as such a request cannot be reported. Resolves with how many took effect.
 */
export async function commitDueFalseAlarms(db: Db, strikes: Config['strikes'], now: Date): Promise<number> {
  const due = await db
    .select({ notificationId: pendingFalseAlarms.notificationId })
    .from(pendingFalseAlarms)
    .where(lte(pendingFalseAlarms.takesEffectAt, now))
    .orderBy(asc(pendingFalseAlarms.takesEffectAt))
    .limit(COMMIT_BATCH);
  let committed = 0;
  for (const { notificationId } of due) {
    const tookEffect = await db.transaction(async (tx) => {
      const [request] = await tx
        .select({ replyKind: requests.replyKind })
        .from(requests)
        .where(eq(requests.id, notificationId))
        .for('no key update');
      const [claimed] = await tx
        .delete(pendingFalseAlarms)
        .where(
          and(
            eq(pendingFalseAlarms.notificationId, notificationId),
            lte(pendingFalseAlarms.takesEffectAt, now),
          ),
        )
        .returning();
      if (!request || !claimed || isArrival(request.replyKind)) return false;
      const { senderId, receiverId, takesEffectAt: at } = claimed;
      await takeEffect(tx, { notificationId, senderId, receiverId, at }, strikes);
      return true;
    });
    if (tookEffect) committed++;
  }
  return committed;
}
