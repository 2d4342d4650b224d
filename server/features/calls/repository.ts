import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications, users, type NotificationRow } from '../../db/schema';
import { hasBlocked } from '../../lib/blocks';
import { forbidden, tooManyRequests } from '../../lib/http-error';
import { waitBeforeNext } from '../../lib/request-window';

const HOUR_MS = 60 * 60_000;
/** Masked calls a caller may place an hour, to anyone and to one owner. */
export const CALLS_PER_CALLER_HOUR = 5;
export const CALLS_PER_PAIR_HOUR = 2;

export interface NewCall {
  callerId: string;
  ownerId: string;
  vehicleId: string;
  /** Names the vehicle in the title and text, in each reader's language. */
  vehicleNumber: string;
  title: string;
  content: string;
}

/**
 * Records a call about to be placed (a request of kind `call`) unless the owner blocked the caller or
 * a call limit is reached. The row counts toward the limits while the provider is asked, so two calls
 * at once cannot both slip through; `forgetCall` removes it when the provider does not place the call.
 */
export async function recordCall(db: Db, call: NewCall, now: Date): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    // One call per caller at a time, so concurrent requests are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, call.callerId)).for('no key update');
    if (await hasBlocked(tx, call.ownerId, call.callerId)) {
      throw forbidden((i18n) => i18n._('server.calls.blocked'));
    }
    const byCaller = and(eq(notifications.senderId, call.callerId), eq(notifications.kind, 'call'));
    const callerWait = await waitBeforeNext(tx, byCaller, CALLS_PER_CALLER_HOUR, HOUR_MS, now);
    if (callerWait > 0) {
      throw tooManyRequests((i18n) => i18n._('server.calls.callerLimit'), callerWait / 1000);
    }
    const byPair = and(byCaller, eq(notifications.receiverId, call.ownerId));
    const pairWait = await waitBeforeNext(tx, byPair, CALLS_PER_PAIR_HOUR, HOUR_MS, now);
    if (pairWait > 0) {
      throw tooManyRequests((i18n) => i18n._('server.calls.pairLimit'), pairWait / 1000);
    }
    const [stored] = await tx
      .insert(notifications)
      .values({
        senderId: call.callerId,
        receiverId: call.ownerId,
        vehicleId: call.vehicleId,
        vehicleNumber: call.vehicleNumber,
        kind: 'call',
        title: call.title,
        content: call.content,
        sentAt: now,
      })
      .returning();
    if (!stored) throw new Error('insert returned no row');
    return stored;
  });
}

/** Removes a call the provider did not place: it was never made, so it neither shows nor counts. */
export async function forgetCall(db: Db, id: string): Promise<void> {
  await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.kind, 'call')));
}
