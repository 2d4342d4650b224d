import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  blocks,
  falseAlarms,
  pendingFalseAlarms,
  requests,
  requestImages,
  users,
  type RequestRow,
  type RequestImageRow,
} from '../../db/schema';
import type { RequestPhoto, ShownSender } from '../../domain/api-shapes';

export const UNREAD_LIMIT = 100;

/**
 * The receiver's unread notifications, newest first, each with what is needed to show its sender:
 * built and prepared once, as every open app reads them.
 */
export function preparedUnreadFor(
  db: Db,
): (
  receiverId: string,
) => Promise<
  { notification: RequestRow; sender: ShownSender | null; photo: RequestPhoto | null; falseAlarm: boolean }[]
> {
  const query = db
    .select({
      notification: requests,
      sender: {
        name: users.name,
        nameVisible: users.nameVisible,
        phone: users.phone,
        phoneVisible: users.phoneVisible,
      },
      photo: { id: requestImages.id, latitude: requestImages.latitude, longitude: requestImages.longitude },
      // Marked by its receiver, still undoable or counted: the bell shows it marked after a reload too.
      falseAlarm: sql<boolean>`(exists (select 1 from ${falseAlarms} where ${falseAlarms.notificationId} = ${requests.id})
        or exists (select 1 from ${pendingFalseAlarms} where ${pendingFalseAlarms.notificationId} = ${requests.id}))`,
    })
    .from(requests)
    .leftJoin(users, eq(users.id, requests.senderId))
    .leftJoin(requestImages, eq(requestImages.notificationId, requests.id))
    .where(and(eq(requests.receiverId, sql.placeholder('receiverId')), isNull(requests.readAt)))
    .orderBy(desc(requests.sentAt), desc(requests.id))
    .limit(UNREAD_LIMIT)
    .prepare('unread_notifications_of_receiver');
  return (receiverId) => query.execute({ receiverId });
}

/** Marks every unread notification of the receiver read; the rows are kept. */
export async function markAllRead(db: Db, receiverId: string, now: Date): Promise<void> {
  await db
    .update(requests)
    .set({ readAt: now })
    .where(and(eq(requests.receiverId, receiverId), isNull(requests.readAt)));
}

/** Who sent one of the receiver's own notifications: undefined for someone else's or an unknown one. */
export async function senderOfOwnNotification(
  db: Db,
  notificationId: string,
  receiverId: string,
): Promise<Pick<RequestRow, 'senderId' | 'via'> | undefined> {
  const [found] = await db
    .select({ senderId: requests.senderId, via: requests.via })
    .from(requests)
    .where(and(eq(requests.id, notificationId), eq(requests.receiverId, receiverId)))
    .limit(1);
  return found;
}

export async function block(db: Db, blockerId: string, blockedId: string, now: Date): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

export async function unblock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Keeps the photo of a stored request. */
export async function insertPhoto(db: Db, photo: Omit<RequestImageRow, 'id'>): Promise<RequestImageRow> {
  const [stored] = await db.insert(requestImages).values(photo).returning();
  if (!stored) throw new Error('storing a photo answered nothing');
  return stored;
}

/** A photo as its request's receiver or sender reads it; undefined for anyone else or an unknown one. */
export async function photoFor(
  db: Db,
  imageId: string,
  userId: string,
): Promise<Pick<RequestImageRow, 'bytes' | 'contentType'> | undefined> {
  const [found] = await db
    .select({ bytes: requestImages.bytes, contentType: requestImages.contentType })
    .from(requestImages)
    .innerJoin(requests, eq(requests.id, requestImages.notificationId))
    .where(
      and(eq(requestImages.id, imageId), or(eq(requests.receiverId, userId), eq(requests.senderId, userId))),
    )
    .limit(1);
  return found;
}
