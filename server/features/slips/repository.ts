import { randomInt } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ReplyKind } from '#common/replies';
import { SLIP_CODE_ALPHABET, SLIP_CODE_LENGTH } from '#common/slip-code';
import type { Db } from '../../db/database';
import { requests, slips, users, type RequestRow, type SlipRow } from '../../db/schema';
import {
  changedRequestColumns,
  toChangedRequest,
  type AnswerOutcome,
} from '../../domain/requests/changed-request';

/** A new code: each character drawn on its own from the 32 of the alphabet, 50 random bits in all. */
export function newSlipCode(): string {
  let code = '';
  for (let i = 0; i < SLIP_CODE_LENGTH; i += 1)
    code += SLIP_CODE_ALPHABET[randomInt(SLIP_CODE_ALPHABET.length)];
  return code;
}

/**
 * Makes `count` slips for the owner unless that would leave them more than `maxUnused` unattached
 * ones; the owner's row is locked so two sheets printed at once cannot pass the cap together.
 * Resolves with the new codes, or null when the cap refuses them.
 */
export async function createSlips(
  db: Db,
  ownerId: string,
  wanted: number,
  maxUnused: number,
  now: Date,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
    const [unused] = await tx
      .select({ n: count() })
      .from(slips)
      .where(and(eq(slips.ownerId, ownerId), isNull(slips.attachedAt)));
    if ((unused?.n ?? 0) + wanted > maxUnused) return null;
    const rows = Array.from({ length: wanted }, () => ({ code: newSlipCode(), ownerId, createdAt: now }));
    await tx.insert(slips).values(rows);
    return rows.map((row) => row.code);
  });
}

/** The owner's unattached slips, oldest first: the ones a sheet prints. */
export async function unusedSlipCodes(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ code: slips.code })
    .from(slips)
    .where(and(eq(slips.ownerId, ownerId), isNull(slips.attachedAt)))
    .orderBy(asc(slips.createdAt), asc(slips.code));
  return rows.map((row) => row.code);
}

export type AttachOutcome = { kind: 'attached'; slip: SlipRow } | { kind: 'not_found' | 'already_attached' };

/** Marks one of the owner's slips attached, once; another owner's slip is not found. */
export async function attachSlip(db: Db, ownerId: string, code: string, now: Date): Promise<AttachOutcome> {
  const own = and(eq(slips.code, code), eq(slips.ownerId, ownerId));
  const [slip] = await db
    .update(slips)
    .set({ attachedAt: now })
    .where(and(own, isNull(slips.attachedAt)))
    .returning();
  if (slip) return { kind: 'attached', slip };
  const [existing] = await db.select({ id: slips.id }).from(slips).where(own).limit(1);
  return { kind: existing ? 'already_attached' : 'not_found' };
}

/** Gives a slip back when its note could not be stored, so that it can be used again. */
export async function detachSlip(db: Db, slipId: string): Promise<void> {
  await db.update(slips).set({ attachedAt: null }).where(eq(slips.id, slipId));
}

/** A slip by its code, with its note once attached; undefined when unknown. */
export async function slipByCode(
  db: Db,
  code: string,
): Promise<{ slip: SlipRow; note: RequestRow | null } | undefined> {
  const [found] = await db
    .select({ slip: slips, note: requests })
    .from(slips)
    .leftJoin(requests, eq(requests.slipId, slips.id))
    .where(eq(slips.code, code))
    .limit(1);
  return found;
}

/**
 * Stores the one answer to the note of an attached slip that is still readable (attached after
 * `readableSince`): a note still waiting for its number waits no more. An unattached or expired slip
 * is not found; a note its receiver answered already is answered.
 */
export async function recordSlipReply(
  db: Db,
  code: string,
  kind: ReplyKind,
  readableSince: Date,
  now: Date,
): Promise<AnswerOutcome> {
  const readable = db
    .select({ id: slips.id })
    .from(slips)
    .where(and(eq(slips.code, code), gt(slips.attachedAt, readableSince)));
  const [answered] = await db
    .update(requests)
    .set({
      replyKind: kind,
      repliedAt: now,
      expiresAt: sql`case when ${requests.receiverId} is null then null else ${requests.expiresAt} end`,
    })
    .where(and(inArray(requests.slipId, readable), isNull(requests.repliedAt)))
    .returning(changedRequestColumns);
  if (answered) return { kind: 'answered', changed: toChangedRequest(answered) };
  const [existing] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(inArray(requests.slipId, readable))
    .limit(1);
  return { kind: existing ? 'already_answered' : 'not_found' };
}
