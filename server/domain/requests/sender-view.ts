import { sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { SentRequest } from '#common/api';
import { fallbackSteps, requests, type RequestRow } from '../../db/schema';
import { contentFor } from './request-texts';
import { isExpired, type NoteRow } from '../waiting-notes/notes';

/**
 * The plate a request was sent for, as its sender sees it: the number stored when it was sent, so a
 * receiver who renumbers the vehicle later does not tell senders the new one. Only a request about a
 * vehicle names it: a notification names none (SPEC §7).
 */
export const sentForPlate = sql<
  string | null
>`case when ${requests.kind} = 'notification' then null else ${requests.vehicleNumber} end`;

/** A step of the fallback ladder as its sender sees it. */
export type FallbackStep = SentRequest['fallbacks'][number];

/** The fallback steps taken for the request (those its provider accepted), oldest first, as JSON. */
export const fallbacksOfRequest = sql<FallbackStep[]>`coalesce((select json_agg(json_build_object(
    'channel', ${fallbackSteps.channel}, 'at', ${fallbackSteps.at}) order by ${fallbackSteps.at})
  from ${fallbackSteps}
  where ${fallbackSteps.notificationId} = ${requests.id} and not ${fallbackSteps.failed}), '[]')`.mapWith(
  (steps: FallbackStep[] | string) =>
    (typeof steps === 'string' ? (JSON.parse(steps) as FallbackStep[]) : steps).map(({ channel, at }) => ({
      channel,
      at: new Date(at).toISOString(),
    })),
);

/**
 * A wiper slip's note with no receiver: it waits for its number or for nothing, and its answer comes
 * from the slip's reader.
 */
export type SlipNoteRow = RequestRow & { slipId: string; vehicleNumber: string };

export const isSlipNote = (row: RequestRow): row is SlipNoteRow =>
  row.receiverId === null && row.slipId !== null && row.vehicleNumber !== null;

/** The one shape of an answer as its sender reads it: `{kind, text?, at}`, or null while unanswered. */
export function replyOf({
  replyKind,
  replyText,
  repliedAt,
}: Pick<RequestRow, 'replyKind' | 'replyText' | 'repliedAt'>): SentRequest['reply'] {
  if (!replyKind || !repliedAt) return null;
  return { kind: replyKind, ...(replyText ? { text: replyText } : {}), at: repliedAt.toISOString() };
}

/**
 * What a sender follows among their requests: a request with its receiver (with the plate it names,
 * whether its receiver shares read receipts, null when the receiver is gone, and the fallback steps
 * taken; `fromNote` when it was a waiting note delivered), a note with no receiver yet, still waiting
 * for its number (or expired by `now`), or a wiper slip's note with no receiver, answered from the
 * slip's page.
 */
export type SentSource =
  | {
      request: RequestRow;
      vehicleNumber: string | null;
      receiptsShared: boolean | null;
      fallbacks: FallbackStep[];
      fromNote?: boolean;
    }
  | { note: NoteRow; now: Date }
  | { slipNote: SlipNoteRow };

/**
 * Any request as its sender sees it, in the sender's language (`i18n`): never a phone number of either
 * side, and when and whether it reached and was opened only if the receiver shares read receipts.
 */
export function toSentRequest(source: SentSource, i18n: I18n): SentRequest {
  if ('note' in source) {
    const { note, now } = source;
    const expired = isExpired(note, now);
    return {
      ...notDelivered(note.id, note.vehicleNumber, contentFor(note, i18n), note.sentAt),
      reply: null,
      waitingUntil: expired ? null : note.expiresAt.toISOString(),
      expired,
    };
  }
  if ('slipNote' in source) {
    const { slipNote } = source;
    return {
      ...notDelivered(slipNote.id, slipNote.vehicleNumber, contentFor(slipNote, i18n), slipNote.sentAt),
      reply: replyOf(slipNote),
    };
  }
  const { request: row, vehicleNumber, receiptsShared, fallbacks, fromNote } = source;
  const receipts = receiptsShared !== false;
  return {
    _id: row.id,
    vehicleNumber: vehicleNumber?.toUpperCase() ?? null,
    content: contentFor(row, i18n),
    sentAt: row.sentAt.toISOString(),
    deliveredAt: receipts ? (row.deliveredAt?.toISOString() ?? null) : null,
    seenAt: receipts ? (row.seenAt?.toISOString() ?? null) : null,
    reply: replyOf(row),
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    fallbacks,
    ...(fromNote ? { waitingUntil: null, expired: false } : {}),
  };
}

/** A request that no device received: no receipts, no reminder, no fallback. */
const notDelivered = (id: string, vehicleNumber: string, content: string, sentAt: Date) => ({
  _id: id,
  vehicleNumber: vehicleNumber.toUpperCase(),
  content,
  sentAt: sentAt.toISOString(),
  deliveredAt: null,
  seenAt: null,
  reminderSentAt: null,
  fallbacks: [],
});
