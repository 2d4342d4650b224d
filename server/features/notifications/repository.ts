import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TemplateKey } from '#common/message-templates';
import type { Db } from '../../db/database';
import { blocks, notifications, users, type NotificationRow, type UserRow } from '../../db/schema';
import { hasBlockedSql } from '../../lib/blocks';
import { forbidden, tooManyRequests } from '../../lib/http-error';
import { oldestCountedMs, waitFrom } from '../../lib/request-window';

export const UNREAD_LIMIT = 100;
const MINUTE_MS = 60_000;
const PAIR_WINDOW_MS = 10 * MINUTE_MS;

export type Sender = Pick<UserRow, 'name' | 'phone' | 'phoneVisible'>;

export interface SendLimits {
  perSenderPerMinute: number;
  perPairPer10Minutes: number;
}

export interface NewNotification {
  senderId: string;
  receiverId: string;
  vehicleId: string | null;
  kind: 'message' | 'notification';
  title: string;
  content: string;
  templateKey: TemplateKey | null;
  /** The vehicle number the title and a template name. */
  vehicleNumber: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stores a message or notification unless the receiver blocked the sender or a send limit is reached. */
export async function storeNotification(
  db: Db,
  input: NewNotification,
  limits: SendLimits,
  now: Date,
): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    // One send per sender at a time, so concurrent requests cannot slip past the limits together. The
    // checks are a statement of their own: one that also took the lock would count with a snapshot
    // from before it waited for it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.senderId)).for('no key update');
    await checkBlockAndLimits(tx, input, limits, now);
    const [stored] = await tx
      .insert(notifications)
      .values({ ...input, sentAt: now })
      .returning();
    if (!stored) throw new Error('insert returned no row');
    return stored;
  });
}

/** The block and both send limits, in one round trip; the first that applies is thrown. */
async function checkBlockAndLimits(tx: Tx, input: NewNotification, limits: SendLimits, now: Date) {
  // Masked calls have limits of their own.
  const bySender = and(eq(notifications.senderId, input.senderId), ne(notifications.kind, 'call'));
  const byPair = and(bySender, eq(notifications.receiverId, input.receiverId));
  const [checks] = await tx
    .select({
      blocked: hasBlockedSql(tx, input.receiverId, input.senderId),
      senderOldestMs: oldestCountedMs(tx, bySender, limits.perSenderPerMinute, MINUTE_MS, now),
      pairOldestMs: oldestCountedMs(tx, byPair, limits.perPairPer10Minutes, PAIR_WINDOW_MS, now),
    })
    .from(users)
    .where(eq(users.id, input.senderId));
  if (!checks) throw new Error('the sender was not found');
  if (checks.blocked) throw forbidden((i18n) => i18n._('server.notifications.blocked'));
  const senderWait = waitFrom(checks.senderOldestMs, MINUTE_MS, now);
  if (senderWait > 0) {
    throw tooManyRequests((i18n) => i18n._('server.notifications.senderLimit'), senderWait / 1000);
  }
  const pairWait = waitFrom(checks.pairOldestMs, PAIR_WINDOW_MS, now);
  if (pairWait > 0) {
    throw tooManyRequests((i18n) => i18n._('server.notifications.pairLimit'), pairWait / 1000);
  }
}

/**
 * The receiver's unread notifications, newest first, each with what is needed to show its sender:
 * built and prepared once, as every open app reads them.
 */
export function preparedUnreadFor(
  db: Db,
): (receiverId: string) => Promise<{ notification: NotificationRow; sender: Sender | null }[]> {
  const query = db
    .select({
      notification: notifications,
      sender: { name: users.name, phone: users.phone, phoneVisible: users.phoneVisible },
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(and(eq(notifications.receiverId, sql.placeholder('receiverId')), isNull(notifications.readAt)))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(UNREAD_LIMIT)
    .prepare('unread_notifications_of_receiver');
  return (receiverId) => query.execute({ receiverId });
}

/** Marks every unread notification of the receiver read; the rows are kept. */
export async function markAllRead(db: Db, receiverId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.receiverId, receiverId), isNull(notifications.readAt)));
}

/** Who sent one of the receiver's own notifications: undefined for someone else's or an unknown one. */
export async function senderOfOwnNotification(
  db: Db,
  notificationId: string,
  receiverId: string,
): Promise<{ senderId: string | null } | undefined> {
  const [found] = await db
    .select({ senderId: notifications.senderId })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.receiverId, receiverId)))
    .limit(1);
  return found;
}

export async function block(db: Db, blockerId: string, blockedId: string, now: Date): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

export async function unblock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
