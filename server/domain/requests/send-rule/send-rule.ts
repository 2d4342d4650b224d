import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import type { RequestRow, RequestVia } from '../../../db/schema';
import type { Announcement } from '../../live/announcement';
import { strangerHashes, type StrangerIdentity } from '../../strangers/identity';
import { HOUR_MS, MINUTE_MS } from '#common/durations';

/**
 * The send rule: what guards every way of reaching an owner (a message, a notification, a masked
 * call, and whatever comes next). A request is stored only if its sender is not paused by false-alarm
 * strikes (pause.ts), its receiver has not blocked its sender and none of the rule's windows is full;
 * the lock, the checks and the insert are one database function, `store_checked_request` (migrations
 * 0014, 0016, 0026, 0028, 0029 and 0030), so concurrent sends cannot slip past a window or a pause together.
 */

type RequestKind = RequestRow['kind'];

/** What a window counts: requests with a receiver of these kinds; `note`, every note left for a number. */
type CountedKind = RequestKind | 'note';

/** At most `max` counted requests in any `ms` milliseconds. */
interface SendWindow {
  max: number;
  ms: number;
}

/**
 * Which requests a send is checked against: the kinds its windows count, and the windows that apply:
 * the sender's to anyone, the sender's to this receiver, and every sender's to this receiver.
 */
export interface SendRule {
  counts: readonly CountedKind[];
  perSender?: SendWindow;
  perPair?: SendWindow;
  perReceiver?: SendWindow;
}

type SendWindowName = 'perSender' | 'perPair' | 'perReceiver';

/**
 * Why a send was not stored: strikes paused the sender `until` (answer with `pausedSender`), the
 * receiver blocked the sender, or a window is full for `retryAfterMs`.
 */
export type SendRefusal =
  | { refused: 'paused'; until: Date }
  | { refused: 'blocked' }
  | { refused: SendWindowName; retryAfterMs: number };

/** Why a note for a number was not stored: the sender has one waiting for it, or a window is full. */
export type NoteRefusal = { refused: 'open' } | SendRefusal;

/** Messages and notifications count together: per sender a minute, per sender and receiver 10 minutes. */
export const messageRule = (limits: Config['sendLimits']): SendRule => ({
  counts: ['message', 'notification'],
  perSender: { max: limits.perSenderPerMinute, ms: MINUTE_MS },
  perPair: { max: limits.perPairPer10Minutes, ms: 10 * MINUTE_MS },
});

/**
 * Masked calls an hour: the caller's (an account, or a stranger by the phone they proved) in all and
 * to one owner, and `perReceiverPerHour` to one owner by anyone.
 */
export const callRule = (perReceiverPerHour: number, callerLimits: Config['callerCallLimits']): SendRule => ({
  counts: ['call'],
  perSender: { max: callerLimits.perHour, ms: HOUR_MS },
  perPair: { max: callerLimits.perReceiverHour, ms: HOUR_MS },
  perReceiver: { max: perReceiverPerHour, ms: HOUR_MS },
});

/**
 * A note that waited for its number to be registered: only blocks apply. It was counted when it was
 * left (`WAITING_NOTES_PER_USER_DAY`), and it is sent with its own time, days before its delivery.
 */
export const waitingNoteRule: SendRule = { counts: [] };

/**
 * A note left for a number nobody reachable has registered: at most one of the sender's waits for a
 * number (else 'open'), and `perUserDay` notes a sender leaves in a day, delivered or not (perSender).
 */
export const leftNoteRule = (limits: Config['waitingNotes']): SendRule => ({
  counts: ['note'],
  perSender: { max: limits.perUserDay, ms: 24 * HOUR_MS },
});

/**
 * A wiper slip's note that cannot also wait for its number (the sender has a note waiting for it, or
 * left their day's): it reaches nobody, so nothing is counted; only the slip's reader answers it.
 */
export const slipOnlyNoteRule: SendRule = { counts: [] };

/**
 * A message through a windscreen card: no sender account, so no sender window; its own limits (per
 * address and per card, guesses of the plate's digits apart from sends) are counted before.
 */
export const cardMessageRule: SendRule = { counts: ['message'] };

/** What a new request says; the rest of its row (its id, time and lifecycle) the send rule fills. */
export type NewRequest = Pick<
  RequestRow,
  'receiverId' | 'vehicleId' | 'kind' | 'title' | 'content' | 'templateKey' | 'vehicleNumber'
> & {
  /** Null only for a request `via` a way that needs no account. */
  senderId: string | null;
  via?: RequestVia | null;
};

/** The columns `store_checked_request` inserts, in the order of its parameters; the others start empty. */
export const INSERTED_COLUMNS = [
  'id',
  'senderId',
  'receiverId',
  'vehicleId',
  'kind',
  'title',
  'content',
  'templateKey',
  'vehicleNumber',
  'sentAt',
  'via',
  'expiresAt',
  'slipId',
] as const satisfies readonly (keyof RequestRow)[];

/** The row a new request will be stored as. */
export function newRequestRow(input: NewRequest, now: Date): RequestRow {
  return {
    ...input,
    via: input.via ?? null,
    id: randomUUID(),
    sentAt: now,
    readAt: null,
    deliveredAt: null,
    seenAt: null,
    replyKind: null,
    replyText: null,
    repliedAt: null,
    reminderSentAt: null,
    expiresAt: null,
    claimedAt: null,
    slipId: null,
  };
}

type StoredRefusal = 'no-sender' | 'open' | 'paused' | 'blocked' | 'sender' | 'pair' | 'receiver';

const windowNames = {
  sender: 'perSender',
  pair: 'perPair',
  receiver: 'perReceiver',
} as const satisfies Record<
  Exclude<StoredRefusal, 'no-sender' | 'open' | 'paused' | 'blocked'>,
  SendWindowName
>;

/**
 * Stores `row` unless the send rule refuses it, and sends `announcement` with it when given: built
 * and prepared once. A request from a stranger (no sender account) is stored with who they are, and
 * the sender's windows count the stranger's requests by the phone they proved. A row with no receiver
 * is a note left for its number ('open' while the sender has one waiting for it) or, with no expiry,
 * a wiper slip's note that waits for nothing; a row with the id
 * of such a note gives it its receiver. Resolves with the refusal, or null when the row was stored.
 */
export function preparedCheckedSend(
  db: Db,
): (
  row: RequestRow,
  rule: SendRule,
  announcement: Announcement | null,
  stranger?: StrangerIdentity,
) => Promise<NoteRefusal | null> {
  const p = (name: string) => sql.placeholder(name);
  const rowParameters = sql.join(
    INSERTED_COLUMNS.map((column) => p(column)),
    sql`, `,
  );
  const query = db
    .select({
      refusal: sql<StoredRefusal | null>`refusal`,
      oldestCountedMs: sql<number | null>`oldest_counted_ms`.mapWith(Number),
    })
    .from(
      sql`store_checked_request(${rowParameters}, ${p('counts')},
        ${p('perSender')}, ${p('senderWindowMs')}, ${p('perPair')}, ${p('pairWindowMs')},
        ${p('perReceiver')}, ${p('receiverWindowMs')}, ${p('announcedOn')}, ${p('announced')},
        ${p('strangerCardId')}, ${p('cookieHash')}, ${p('addressHash')}, ${p('phoneHash')})`,
    )
    .prepare('store_checked_request');
  return async (row, rule, announcement, stranger) => {
    const [outcome] = await query.execute({
      ...row,
      strangerCardId: stranger?.cardId ?? null,
      ...(stranger ? strangerHashes(stranger) : { cookieHash: null, addressHash: null, phoneHash: null }),
      counts: [...rule.counts],
      perSender: rule.perSender?.max ?? null,
      senderWindowMs: rule.perSender?.ms ?? null,
      perPair: rule.perPair?.max ?? null,
      pairWindowMs: rule.perPair?.ms ?? null,
      perReceiver: rule.perReceiver?.max ?? null,
      receiverWindowMs: rule.perReceiver?.ms ?? null,
      announcedOn: announcement?.channel ?? null,
      announced: announcement?.payload ?? null,
    });
    if (!outcome) throw new Error('storing a request answered nothing');
    const { refusal, oldestCountedMs } = outcome;
    if (refusal === null) return null;
    if (refusal === 'no-sender') throw new Error('the sender was not found');
    if (refusal === 'blocked' || refusal === 'open') return { refused: refusal };
    if (refusal === 'paused') return { refused: 'paused', until: new Date(oldestCountedMs ?? 0) };
    const window = windowNames[refusal];
    const windowMs = rule[window]?.ms ?? 0;
    return { refused: window, retryAfterMs: (oldestCountedMs ?? 0) + windowMs - row.sentAt.getTime() };
  };
}
