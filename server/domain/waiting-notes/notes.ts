import { and, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { WaitingNote } from '#common/api';
import { templateText, type TemplateKey } from '#common/message-templates';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { requests, users, vehicles, waitingNotes, type WaitingNoteRow } from '../../db/schema';

const DAY_MS = 86_400_000;
/** Most notes a sender's lists show. */
export const WAITING_NOTES_LIMIT = 50;

/** A note to leave: one of the suggested texts or a short text, for a number in its stored form. */
export interface NewWaitingNote {
  senderId: string;
  vehicleNumber: string;
  templateKey?: TemplateKey | undefined;
  text?: string | undefined;
  /** The wiper slip the note is attached to, when it is. */
  slipId?: string | undefined;
  now: Date;
}

/** Why a note was not left: the sender already has one waiting for the number, or left their day's. */
export type WaitingNoteRefusal = { refused: 'open' } | { refused: 'daily'; retryAfterMs: number };

export type LeaveOutcome = { left: WaitingNoteRow } | WaitingNoteRefusal;

const waiting = (now: Date) => and(isNull(waitingNotes.deliveredAt), gt(waitingNotes.expiresAt, now));

/**
 * Stores a note for `vehicleNumber` unless the sender has one waiting for it or left `perUserDay`
 * in the last day; the sender's row is locked, so two notes sent together cannot both pass.
 */
export async function leaveWaitingNote(
  db: Db,
  note: NewWaitingNote,
  limits: Config['waitingNotes'],
): Promise<LeaveOutcome> {
  const { senderId, vehicleNumber, now } = note;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for('no key update');
    const [open] = await tx
      .select({ id: waitingNotes.id })
      .from(waitingNotes)
      .where(
        and(eq(waitingNotes.senderId, senderId), eq(waitingNotes.vehicleNumber, vehicleNumber), waiting(now)),
      )
      .limit(1);
    if (open) return { refused: 'open' as const };
    const [oldestCounted] = await tx
      .select({ createdAt: waitingNotes.createdAt })
      .from(waitingNotes)
      .where(
        and(
          eq(waitingNotes.senderId, senderId),
          gt(waitingNotes.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .orderBy(desc(waitingNotes.createdAt))
      .offset(limits.perUserDay - 1)
      .limit(1);
    if (oldestCounted) {
      return {
        refused: 'daily' as const,
        retryAfterMs: oldestCounted.createdAt.getTime() + DAY_MS - now.getTime(),
      };
    }
    const [left] = await tx
      .insert(waitingNotes)
      .values({
        senderId,
        vehicleNumber,
        templateKey: note.templateKey ?? null,
        text: note.templateKey ? null : (note.text ?? null),
        slipId: note.slipId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + limits.days * DAY_MS),
      })
      .returning();
    if (!left) throw new Error('insert returned no row');
    return { left };
  });
}

export type WithdrawOutcome = 'withdrawn' | 'delivered' | 'not_found';

/** Deletes one of the sender's notes while it was not delivered; another user's note is not found. */
export async function withdrawWaitingNote(db: Db, senderId: string, id: string): Promise<WithdrawOutcome> {
  const own = and(eq(waitingNotes.id, id), eq(waitingNotes.senderId, senderId));
  const deleted = await db
    .delete(waitingNotes)
    .where(and(own, isNull(waitingNotes.deliveredAt)))
    .returning({ id: waitingNotes.id });
  if (deleted.length > 0) return 'withdrawn';
  const [existing] = await db.select({ id: waitingNotes.id }).from(waitingNotes).where(own).limit(1);
  return existing ? 'delivered' : 'not_found';
}

/** The sender's own notes, newest first. */
export async function waitingNotesOf(db: Db, senderId: string): Promise<WaitingNoteRow[]> {
  return db
    .select()
    .from(waitingNotes)
    .where(eq(waitingNotes.senderId, senderId))
    .orderBy(desc(waitingNotes.createdAt), desc(waitingNotes.id))
    .limit(WAITING_NOTES_LIMIT);
}

/**
 * The sender's notes no request was made of: waiting, expired, or refused at delivery (the receiver
 * had blocked the sender: they read as waiting, then expired, like any other). A note attached to a
 * wiper slip is left out: the sender follows it as the slip's.
 */
export async function undeliveredNotesOf(db: Db, senderId: string): Promise<WaitingNoteRow[]> {
  return db
    .select({ note: waitingNotes })
    .from(waitingNotes)
    .leftJoin(requests, eq(requests.id, waitingNotes.id))
    .where(and(eq(waitingNotes.senderId, senderId), isNull(requests.id), isNull(waitingNotes.slipId)))
    .orderBy(desc(waitingNotes.createdAt), desc(waitingNotes.id))
    .limit(WAITING_NOTES_LIMIT)
    .then((rows) => rows.map(({ note }) => note));
}

/** How many notes wait for the number: a count, never who. */
export async function waitingCountFor(db: Db, vehicleNumber: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(waitingNotes)
    .where(and(eq(waitingNotes.vehicleNumber, vehicleNumber), waiting(now)));
  return row?.waiting ?? 0;
}

/**
 * The numbers that have notes waiting for them and a registration, by someone other than a note's
 * sender, that is `ready` to receive them (a condition on `vehicles`).
 */
export async function numbersWithNotesFor(db: Db, ready: SQL, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ vehicleNumber: waitingNotes.vehicleNumber })
    .from(waitingNotes)
    .innerJoin(
      vehicles,
      and(
        eq(vehicles.vehicleNumber, waitingNotes.vehicleNumber),
        ne(vehicles.ownerId, waitingNotes.senderId),
        ready,
      ),
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
): Promise<WaitingNoteRow[]> {
  return db
    .update(waitingNotes)
    .set({ deliveredAt: now })
    .where(
      and(eq(waitingNotes.vehicleNumber, vehicleNumber), ne(waitingNotes.senderId, receiverId), waiting(now)),
    )
    .returning();
}

/**
 * Deletes the notes past keeping: one that never reached anyone `days` after it expired (its sender
 * saw it as expired meanwhile), and every note once its request would be (`requestDays` after it was
 * written: a delivered note is a request with the note's id and time).
 */
export async function sweepWaitingNotes(
  db: Db,
  keep: { days: number; requestDays: number },
  now: Date,
): Promise<number> {
  const deleted = await db
    .delete(waitingNotes)
    .where(
      or(
        and(
          isNull(waitingNotes.deliveredAt),
          lt(waitingNotes.expiresAt, new Date(now.getTime() - keep.days * DAY_MS)),
        ),
        lt(waitingNotes.createdAt, new Date(now.getTime() - keep.requestDays * DAY_MS)),
      ),
    )
    .returning({ id: waitingNotes.id });
  return deleted.length;
}

/** The note's words in the language of `i18n`: a suggested text translated, the sender's own as typed. */
export const noteContent = (note: WaitingNoteRow, i18n: I18n): string =>
  note.templateKey ? templateText(i18n, note.templateKey, note.vehicleNumber) : (note.text ?? '');

export const isExpired = (note: WaitingNoteRow, now: Date) => note.expiresAt.getTime() <= now.getTime();

/** A note as its sender lists it. */
export function toWaitingNote(note: WaitingNoteRow, now: Date): WaitingNote {
  return {
    _id: note.id,
    vehicleNumber: note.vehicleNumber.toUpperCase(),
    templateKey: note.templateKey,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    expiresAt: note.expiresAt.toISOString(),
    deliveredAt: note.deliveredAt?.toISOString() ?? null,
    expired: note.deliveredAt === null && isExpired(note, now),
  };
}
