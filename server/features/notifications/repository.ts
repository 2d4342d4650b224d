import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TemplateKey } from '#common/message-templates';
import type { Db } from '../../db/database';
import { blocks, notifications, users, type NotificationRow, type UserRow } from '../../db/schema';
import { forbidden, tooManyRequests } from '../../lib/http-error';
import { waitFrom } from '../../lib/request-window';
import type { Announcement } from '../../lib/announcement';

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

type Refusal = 'no-sender' | 'blocked' | 'sender' | 'pair';

/** The row a new message or notification will be stored as. */
export function newNotificationRow(input: NewNotification, now: Date): NotificationRow {
  return {
    ...input,
    id: randomUUID(),
    sentAt: now,
    readAt: null,
    deliveredAt: null,
    seenAt: null,
    replyKind: null,
    replyText: null,
    repliedAt: null,
    reminderSentAt: null,
  };
}

/**
 * Stores a new message or notification (`newNotificationRow`) unless the receiver blocked the sender
 * or a send limit is reached, and sends `announcement` with it: the lock, the checks, the insert and the
 * NOTIFY are one database function (migration 0009), so one round trip with no transaction held open
 * between statements; built and prepared once.
 */
export function preparedStoreNotification(
  db: Db,
): (row: NotificationRow, limits: SendLimits, announcement: Announcement | null) => Promise<void> {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({
      refusal: sql<Refusal | null>`refusal`,
      oldestCountedMs: sql<number | null>`oldest_counted_ms`.mapWith(Number),
    })
    .from(
      sql`store_checked_notification(${p('id')}, ${p('senderId')}, ${p('receiverId')}, ${p('vehicleId')},
        ${p('kind')}, ${p('title')}, ${p('content')}, ${p('templateKey')}, ${p('vehicleNumber')}, ${p('sentAt')},
        ${p('perSender')}, ${p('senderWindowMs')}, ${p('perPair')}, ${p('pairWindowMs')},
        ${p('announcedOn')}, ${p('announced')})`,
    )
    .prepare('store_checked_notification');
  return async (row, limits, announcement) => {
    const [outcome] = await query.execute({
      ...row,
      perSender: limits.perSenderPerMinute,
      senderWindowMs: MINUTE_MS,
      perPair: limits.perPairPer10Minutes,
      pairWindowMs: PAIR_WINDOW_MS,
      announcedOn: announcement?.channel ?? null,
      announced: announcement?.payload ?? null,
    });
    if (!outcome) throw new Error('storing a notification answered nothing');
    throwRefusal(outcome.refusal, outcome.oldestCountedMs, row.sentAt);
  };
}

function throwRefusal(refusal: Refusal | null, oldestCountedMs: number | null, now: Date): void {
  if (refusal === null) return;
  if (refusal === 'no-sender') throw new Error('the sender was not found');
  if (refusal === 'blocked') throw forbidden((i18n) => i18n._('server.notifications.blocked'));
  if (refusal === 'sender') {
    const wait = waitFrom(oldestCountedMs, MINUTE_MS, now);
    throw tooManyRequests((i18n) => i18n._('server.notifications.senderLimit'), wait / 1000);
  }
  const wait = waitFrom(oldestCountedMs, PAIR_WINDOW_MS, now);
  throw tooManyRequests((i18n) => i18n._('server.notifications.pairLimit'), wait / 1000);
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
