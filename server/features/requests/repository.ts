import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { SentRequest } from '#common/api';
import { DEFAULT_LANGUAGE, type Language } from '#common/languages';
import type { ReplyKind } from '#common/replies';
import type { Db } from '../../db/database';
import { notifications, users, vehicles, type NotificationRow, type UserRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { contentFor } from '../../lib/notification-texts';
import { languagesOf } from '../../lib/user-languages';

/** Most requests `sentRequests` lists. */
export const SENT_REQUESTS_LIMIT = 50;
/** A request this much older than its reminder time is past helping (a blocked car matters for about an hour). */
const REMINDER_HORIZON_MS = 60 * 60_000;
/** The kinds that are pushed, and so reminded. */
const REMINDED_KINDS = ['message', 'notification'] as const;

const requestColumns = { notification: notifications, vehicleNumber: vehicles.vehicleNumber };

/** A request as its sender sees it, in the sender's language (`i18n`): never a phone number of either side. */
export function toSentRequest(row: NotificationRow, vehicleNumber: string | null, i18n: I18n): SentRequest {
  return {
    _id: row.id,
    vehicleNumber: vehicleNumber?.toUpperCase() ?? null,
    content: contentFor(row, i18n),
    sentAt: row.sentAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    seenAt: row.seenAt?.toISOString() ?? null,
    reply:
      row.replyKind && row.repliedAt
        ? {
            kind: row.replyKind as ReplyKind,
            ...(row.replyText ? { text: row.replyText } : {}),
            at: row.repliedAt.toISOString(),
          }
        : null,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
  };
}

/** What the lifecycle needs of a changed request: who to tell and what to tell them, in their language. */
export interface ChangedRequest {
  row: NotificationRow;
  request: SentRequest;
  senderLanguage: Language;
}

async function withVehicleNumbers(db: Db, rows: NotificationRow[]): Promise<ChangedRequest[]> {
  const vehicleIds = [...new Set(rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])))];
  const numbers = new Map(
    vehicleIds.length === 0
      ? []
      : (
          await db
            .select({ id: vehicles.id, vehicleNumber: vehicles.vehicleNumber })
            .from(vehicles)
            .where(inArray(vehicles.id, vehicleIds))
        ).map((vehicle) => [vehicle.id, vehicle.vehicleNumber]),
  );
  const languageOf = await languagesOf(
    db,
    rows.flatMap((row) => (row.senderId ? [row.senderId] : [])),
  );
  return rows.map((row) => {
    const senderLanguage = row.senderId ? languageOf(row.senderId) : DEFAULT_LANGUAGE;
    const vehicleNumber = row.vehicleId ? (numbers.get(row.vehicleId) ?? null) : null;
    return { row, request: toSentRequest(row, vehicleNumber, textsFor(senderLanguage)), senderLanguage };
  });
}

/** What a reader is shown of each of these senders, by id, in one query (a deleted sender is absent). */
export async function sendersById(
  db: Db,
  senderIds: (string | null)[],
): Promise<Map<string, Pick<UserRow, 'name' | 'phone' | 'phoneVisible'>>> {
  const ids = [...new Set(senderIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, phone: users.phone, phoneVisible: users.phoneVisible })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...sender }) => [id, sender]));
}

export async function sentRequestsOf(db: Db, senderId: string, i18n: I18n): Promise<SentRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(notifications)
    .leftJoin(vehicles, eq(vehicles.id, notifications.vehicleId))
    .where(eq(notifications.senderId, senderId))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(SENT_REQUESTS_LIMIT);
  return rows.map(({ notification, vehicleNumber }) => toSentRequest(notification, vehicleNumber, i18n));
}

/** Notes the first delivery of a request; undefined when it was already delivered (or is gone). */
export async function markDelivered(db: Db, id: string, now: Date): Promise<ChangedRequest | undefined> {
  const rows = await db
    .update(notifications)
    .set({ deliveredAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.deliveredAt)))
    .returning();
  return (await withVehicleNumbers(db, rows))[0];
}

/** Notes that the receiver saw these of their own requests; returns those that were not seen before. */
export async function markSeen(
  db: Db,
  receiverId: string,
  ids: string[],
  now: Date,
): Promise<ChangedRequest[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ seenAt: now, deliveredAt: sql`coalesce(${notifications.deliveredAt}, ${now})` })
    .where(
      and(
        inArray(notifications.id, ids),
        eq(notifications.receiverId, receiverId),
        isNull(notifications.seenAt),
      ),
    )
    .returning();
  return withVehicleNumbers(db, rows);
}

export type ReplyOutcome =
  { kind: 'answered'; changed: ChangedRequest } | { kind: 'not_found' | 'already_answered' };

/** Stores the receiver's one answer to a request; answering also means it was delivered and seen. */
export async function recordReply(
  db: Db,
  receiverId: string,
  notificationId: string,
  reply: { kind: ReplyKind; text?: string | undefined },
  now: Date,
): Promise<ReplyOutcome> {
  const own = and(eq(notifications.id, notificationId), eq(notifications.receiverId, receiverId));
  const rows = await db
    .update(notifications)
    .set({
      replyKind: reply.kind,
      replyText: reply.text ?? null,
      repliedAt: now,
      seenAt: sql`coalesce(${notifications.seenAt}, ${now})`,
      deliveredAt: sql`coalesce(${notifications.deliveredAt}, ${now})`,
    })
    .where(and(own, isNull(notifications.repliedAt)))
    .returning();
  const [changed] = await withVehicleNumbers(db, rows);
  if (changed) return { kind: 'answered', changed };
  const [existing] = await db.select({ id: notifications.id }).from(notifications).where(own).limit(1);
  return { kind: existing ? 'already_answered' : 'not_found' };
}

/**
 * Claims the requests due a reminder: unseen, unanswered, not reminded, sent at least `afterS` ago
 * (but not an hour longer). The update claims each row once, so with several instances sweeping
 * only one of them gets it.
 */
export async function claimReminders(db: Db, afterS: number, now: Date): Promise<ChangedRequest[]> {
  const rows = await db
    .update(notifications)
    .set({ reminderSentAt: now })
    .where(
      and(
        isNull(notifications.reminderSentAt),
        isNull(notifications.seenAt),
        isNull(notifications.repliedAt),
        inArray(notifications.kind, REMINDED_KINDS),
        lte(notifications.sentAt, new Date(now.getTime() - afterS * 1000)),
        gt(notifications.sentAt, new Date(now.getTime() - afterS * 1000 - REMINDER_HORIZON_MS)),
      ),
    )
    .returning();
  return withVehicleNumbers(db, rows);
}
