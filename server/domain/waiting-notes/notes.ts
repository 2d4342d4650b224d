import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { WaitingNote } from '#common/api';
import type { TemplateKey } from '#common/message-templates';
import type { Db } from '../../db/database';
import { requests, vehicles, type RequestRow } from '../../db/schema';
import type { NoteRefusal } from '../requests/send-rule/send-rule';
import { DAY_MS } from '#common/durations';

/** Most notes a sender's lists show. */
export const WAITING_NOTES_LIMIT = 50;

/** A note to leave: one of the suggested texts or a short text, for a number in its stored form. */
export interface NewWaitingNote {
  senderId: string;
  vehicleNumber: string;
  templateKey?: TemplateKey | undefined;
  text?: string | undefined;
}

/** Why a note was not left: the sender already has one waiting for the number, or left their day's. */
export type WaitingNoteRefusal = { refused: 'open' } | { refused: 'daily'; retryAfterMs: number };

/**
 * A note left for a number: a request that waits for a receiver (`receiverId` null) until `expiresAt`,
 * and keeps its expiry once it has one.
 */
export type NoteRow = RequestRow & { vehicleNumber: string; expiresAt: Date };

export const isNote = (row: RequestRow): row is NoteRow =>
  row.expiresAt !== null && row.vehicleNumber !== null;

export type LeaveOutcome = { left: NoteRow } | WaitingNoteRefusal;

/** The send rule's refusal of a note as its sender is told it: one waits already, or the day's are left. */
export function waitingNoteRefusal(refusal: NoteRefusal): WaitingNoteRefusal {
  if (refusal.refused === 'open') return { refused: 'open' };
  if (refusal.refused === 'perSender') return { refused: 'daily', retryAfterMs: refusal.retryAfterMs };
  throw new Error(`a note for a number was refused: ${refusal.refused}`);
}

/** A note still waiting for its number at `now`: no receiver, not handed to one, not expired. */
const waiting = (now: Date) =>
  and(isNull(requests.receiverId), isNull(requests.claimedAt), gt(requests.expiresAt, now));

/** Every note the sender left, delivered or not. */
const notesOf = (senderId: string) => and(eq(requests.senderId, senderId), isNotNull(requests.expiresAt));

export type WithdrawOutcome = 'withdrawn' | 'delivered' | 'not_found';

/** Deletes one of the sender's notes while it was not delivered; another user's note is not found. */
export async function withdrawWaitingNote(db: Db, senderId: string, id: string): Promise<WithdrawOutcome> {
  const own = and(eq(requests.id, id), notesOf(senderId));
  const deleted = await db
    .delete(requests)
    .where(and(own, isNull(requests.receiverId), isNull(requests.claimedAt)))
    .returning({ id: requests.id });
  if (deleted.length > 0) return 'withdrawn';
  const [existing] = await db.select({ id: requests.id }).from(requests).where(own).limit(1);
  return existing ? 'delivered' : 'not_found';
}

/** The sender's own notes, newest first: the first `limit`, or all of them. */
export async function waitingNotesOf(db: Db, senderId: string, limit?: number): Promise<NoteRow[]> {
  const query = db
    .select()
    .from(requests)
    .where(notesOf(senderId))
    .orderBy(desc(requests.sentAt), desc(requests.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.filter(isNote);
}

/** How many notes wait for the number: a count, never who. */
export async function waitingCountFor(db: Db, vehicleNumber: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(and(eq(requests.vehicleNumber, vehicleNumber), waiting(now)));
  return row?.waiting ?? 0;
}

/**
 * The numbers that have notes waiting for them and a registration, by someone other than a note's
 * sender, that is `ready` to receive them (a condition on `vehicles`).
 */
export async function numbersWithNotesFor(db: Db, ready: SQL, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ vehicleNumber: vehicles.vehicleNumber })
    .from(requests)
    .innerJoin(
      vehicles,
      and(eq(vehicles.vehicleNumber, requests.vehicleNumber), ne(vehicles.ownerId, requests.senderId), ready),
    )
    .where(waiting(now));
  return rows.map(({ vehicleNumber }) => vehicleNumber);
}

/**
 * Claims every note waiting for the number, except the receiver's own, for delivery to `receiverId`:
 * the update claims each note once, so two instances delivering together cannot both send it.
 */
export async function claimWaitingNotes(
  db: Db,
  vehicleNumber: string,
  receiverId: string,
  now: Date,
): Promise<NoteRow[]> {
  const claimed = await db
    .update(requests)
    .set({ claimedAt: now })
    .where(and(eq(requests.vehicleNumber, vehicleNumber), ne(requests.senderId, receiverId), waiting(now)))
    .returning();
  return claimed.filter(isNote);
}

/**
 * Deletes the notes that never reached anyone `days` after they expired (their senders saw them as
 * expired meanwhile), but a wiper slip's, which stays with its slip; every note goes, like any
 * request, `requestDays` after it was left.
 */
export async function sweepWaitingNotes(db: Db, days: number, now: Date): Promise<number> {
  const deleted = await db
    .delete(requests)
    .where(
      and(
        isNull(requests.receiverId),
        isNull(requests.claimedAt),
        isNull(requests.slipId),
        lt(requests.expiresAt, new Date(now.getTime() - days * DAY_MS)),
      ),
    )
    .returning({ id: requests.id });
  return deleted.length;
}

export const isExpired = (note: NoteRow, now: Date) => note.expiresAt.getTime() <= now.getTime();

/** A note as its sender lists it. */
export function toWaitingNote(note: NoteRow, now: Date): WaitingNote {
  return {
    _id: note.id,
    vehicleNumber: note.vehicleNumber.toUpperCase(),
    templateKey: note.templateKey,
    text: note.templateKey ? null : note.content,
    createdAt: note.sentAt.toISOString(),
    expiresAt: note.expiresAt.toISOString(),
    deliveredAt: note.claimedAt?.toISOString() ?? null,
    expired: note.claimedAt === null && isExpired(note, now),
  };
}
