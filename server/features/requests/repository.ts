import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { I18n } from '@lingui/core';
import type { SentRequest } from '#common/api';
import type { ReplyKind } from '#common/replies';
import type { Db } from '../../db/database';
import { blocks, requests, users, type UserRow } from '../../db/schema';
import {
  fallbacksOfRequest,
  isSlipNote,
  sentForPlate,
  toSentRequest,
} from '../../domain/requests/sender-view';
import {
  changedRequestColumns,
  toChangedRequest,
  type AnswerOutcome,
  type ChangedRequest,
} from '../../domain/requests/changed-request';
import { isNote } from '../../domain/waiting-notes/notes';
import { HOUR_MS } from '#common/durations';

/** Most requests `sentRequests` lists. */
export const SENT_REQUESTS_LIMIT = 50;
/** A request this much older than its reminder time is past helping (a blocked car matters for about an hour). */
const REMINDER_HORIZON_MS = HOUR_MS;
/** The kinds that are pushed, and so reminded. */
const REMINDED_KINDS = ['message', 'notification'] as const;

const receiver = alias(users, 'receiver');

const requestColumns = {
  notification: requests,
  vehicleNumber: sentForPlate,
  receiptsShared: receiver.shareReadReceipts,
  fallbacks: fallbacksOfRequest,
};

/** What a reminder needs of each of these receivers, by id, in one query (a deleted receiver is absent). */
export async function receiversById(
  db: Db,
  receiverIds: (string | null)[],
): Promise<Map<string, Pick<UserRow, 'language' | 'quietStart' | 'quietEnd'>>> {
  const ids = [...new Set(receiverIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      language: users.language,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...receiver }) => [id, receiver]));
}

/**
 * The sender's requests, newest first: those with a receiver (a delivered note says it no longer
 * waits), the notes they left that have not reached anyone (waiting or expired), and their wiper
 * slips' notes that have not.
 */
export async function sentRequestsOf(
  db: Db,
  senderId: string,
  i18n: I18n,
  now: Date,
): Promise<SentRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(requests)
    .leftJoin(receiver, eq(receiver.id, requests.receiverId))
    .where(eq(requests.senderId, senderId))
    .orderBy(desc(requests.sentAt), desc(requests.id))
    .limit(SENT_REQUESTS_LIMIT);
  return rows.flatMap(({ notification, ...rest }) => {
    if (isSlipNote(notification)) return [toSentRequest({ slipNote: notification }, i18n)];
    if (notification.receiverId !== null) {
      const fromNote = notification.expiresAt !== null;
      return [toSentRequest({ request: notification, ...rest, fromNote }, i18n)];
    }
    return isNote(notification) ? [toSentRequest({ note: notification, now }, i18n)] : [];
  });
}

/** The request as its sender now sees it; undefined when it is gone. */
export async function changedRequest(db: Db, id: string): Promise<ChangedRequest | undefined> {
  const rows = await db.select(changedRequestColumns).from(requests).where(eq(requests.id, id));
  return rows[0] && toChangedRequest(rows[0]);
}

/** Notes the first delivery of a request; undefined when it was already delivered (or is gone). */
export async function markDelivered(db: Db, id: string, now: Date): Promise<ChangedRequest | undefined> {
  const rows = await db
    .update(requests)
    .set({ deliveredAt: now })
    .where(and(eq(requests.id, id), isNull(requests.deliveredAt)))
    .returning(changedRequestColumns);
  return rows[0] && toChangedRequest(rows[0]);
}

/**
 * Stamps these of the receiver's own requests where `unstamped` is still null; returns the ones it
 * stamped, so each change is told once.
 */
async function stampOwn(
  db: Db,
  receiverId: string,
  ids: string[],
  unstamped: AnyPgColumn,
  stamps: PgUpdateSetSource<typeof requests>,
): Promise<ChangedRequest[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(requests)
    .set(stamps)
    .where(and(inArray(requests.id, ids), eq(requests.receiverId, receiverId), isNull(unstamped)))
    .returning(changedRequestColumns);
  return rows.map(toChangedRequest);
}

/** Notes that a device of the receiver showed these of their own requests; returns those not delivered before. */
export function markDeliveredTo(
  db: Db,
  receiverId: string,
  ids: string[],
  now: Date,
): Promise<ChangedRequest[]> {
  return stampOwn(db, receiverId, ids, requests.deliveredAt, { deliveredAt: now });
}

/** Notes that the receiver saw these of their own requests; returns those that were not seen before. */
export function markSeen(db: Db, receiverId: string, ids: string[], now: Date): Promise<ChangedRequest[]> {
  return stampOwn(db, receiverId, ids, requests.seenAt, {
    seenAt: now,
    deliveredAt: sql`coalesce(${requests.deliveredAt}, ${now})`,
  });
}

/** The condition that the request's receiver has not blocked its sender. */
export function senderNotBlockedByReceiver(db: Db): SQL {
  return notExists(
    db
      .select({ blockerId: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, requests.receiverId), eq(blocks.blockedId, requests.senderId))),
  );
}

/** Stores the receiver's one answer to a request; answering also means it was delivered and seen. */
export async function recordReply(
  db: Db,
  receiverId: string,
  notificationId: string,
  reply: { kind: ReplyKind; text?: string | undefined },
  now: Date,
): Promise<AnswerOutcome> {
  const own = and(eq(requests.id, notificationId), eq(requests.receiverId, receiverId));
  const rows = await db
    .update(requests)
    .set({
      replyKind: reply.kind,
      replyText: reply.text ?? null,
      repliedAt: now,
      seenAt: sql`coalesce(${requests.seenAt}, ${now})`,
      deliveredAt: sql`coalesce(${requests.deliveredAt}, ${now})`,
    })
    .where(and(own, isNull(requests.repliedAt)))
    .returning(changedRequestColumns);
  const changed = rows[0] && toChangedRequest(rows[0]);
  if (changed) return { kind: 'answered', changed };
  const [existing] = await db.select({ id: requests.id }).from(requests).where(own).limit(1);
  return { kind: existing ? 'already_answered' : 'not_found' };
}

/**
 * Claims the requests due a reminder: unseen, unanswered, not reminded, sent at least `afterS` ago
 * (but not an hour longer), from a sender the receiver has not blocked since. The update claims each
 * row once, so with several instances sweeping only one of them gets it.
 */
export async function claimReminders(db: Db, afterS: number, now: Date): Promise<ChangedRequest[]> {
  const rows = await db
    .update(requests)
    .set({ reminderSentAt: now })
    .where(
      and(
        isNotNull(requests.receiverId),
        isNull(requests.reminderSentAt),
        isNull(requests.seenAt),
        isNull(requests.repliedAt),
        inArray(requests.kind, REMINDED_KINDS),
        lte(requests.sentAt, new Date(now.getTime() - afterS * 1000)),
        gt(requests.sentAt, new Date(now.getTime() - afterS * 1000 - REMINDER_HORIZON_MS)),
        senderNotBlockedByReceiver(db),
      ),
    )
    .returning(changedRequestColumns);
  return rows.map(toChangedRequest);
}
