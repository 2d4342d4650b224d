import { randomInt } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '#common/languages';
import type { ReplyKind } from '#common/replies';
import { SLIP_CODE_ALPHABET, SLIP_CODE_LENGTH } from '#common/slip-code';
import type { TemplateKey } from '#common/message-templates';
import type { Db } from '../../db/database';
import { requests, slips, users, type SlipRow } from '../../db/schema';

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

export type SlipNote = { vehicleNumber: string } & (
  { templateKey: TemplateKey; text: null } | { templateKey: null; text: string }
);

export type AttachOutcome = { kind: 'attached'; slip: SlipRow } | { kind: 'not_found' | 'already_attached' };

/** Attaches a note to one of the owner's slips, once; another owner's slip is not found. */
export async function attachNote(
  db: Db,
  ownerId: string,
  code: string,
  note: SlipNote,
  now: Date,
): Promise<AttachOutcome> {
  const own = and(eq(slips.code, code), eq(slips.ownerId, ownerId));
  const [slip] = await db
    .update(slips)
    .set({ ...note, attachedAt: now })
    .where(and(own, isNull(slips.attachedAt)))
    .returning();
  if (slip) return { kind: 'attached', slip };
  const [existing] = await db.select({ id: slips.id }).from(slips).where(own).limit(1);
  return { kind: existing ? 'already_attached' : 'not_found' };
}

/** A slip by its code; undefined when unknown. */
export async function slipByCode(db: Db, code: string): Promise<SlipRow | undefined> {
  const [found] = await db.select().from(slips).where(eq(slips.code, code)).limit(1);
  return found;
}

export type SlipReplyOutcome =
  { kind: 'answered'; slip: SlipRow; ownerLanguage: Language } | { kind: 'not_found' | 'already_answered' };

/**
 * Stores the one answer to an attached slip that is still readable (attached after `readableSince`);
 * an unattached or expired slip is not found.
 */
export async function recordSlipReply(
  db: Db,
  code: string,
  kind: ReplyKind,
  readableSince: Date,
  now: Date,
): Promise<SlipReplyOutcome> {
  const readable = and(eq(slips.code, code), gt(slips.attachedAt, readableSince));
  const [answered] = await db
    .update(slips)
    .set({ replyKind: kind, repliedAt: now })
    .where(and(readable, isNull(slips.repliedAt)))
    .returning({
      ...getTableColumns(slips),
      ownerLanguage: sql<Language>`(select ${users.language} from ${users} where ${users.id} = ${slips.ownerId})`,
    });
  if (answered) {
    const { ownerLanguage, ...slip } = answered;
    // Answered: the note no longer waits for a registration of the number.
    await db
      .delete(requests)
      .where(and(eq(requests.slipId, slip.id), isNull(requests.receiverId), isNull(requests.claimedAt)));
    return { kind: 'answered', slip, ownerLanguage };
  }
  const [existing] = await db.select({ id: slips.id }).from(slips).where(readable).limit(1);
  return { kind: existing ? 'already_answered' : 'not_found' };
}
