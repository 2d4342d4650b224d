import {
  and,
  count,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  notExists,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FallbackChannel } from '#common/fallback-channels';
import type { Language } from '#common/languages';
import type { QuietHours } from '#common/quiet-hours';
import type { Db } from '../../../db/database';
import { fallbackSteps, requests, requestStrangers, users, vehicles } from '../../../db/schema';
import { quietHoursOf } from '../../../domain/api-shapes';
import { senderNotBlockedByReceiver } from '../repository';
import { DAY_MS, HOUR_MS } from '#common/durations';

/** A step this much older than its due time is past helping (a blocked car matters for about an hour). */
const LADDER_HORIZON_MS = HOUR_MS;
/** Most steps of one channel one sweep takes: the next sweep takes the rest. */
const STEPS_PER_SWEEP = 100;
/** The kinds that are not requests to follow up: a masked call already rang, a notice of the service needs no answer. */
const NOT_LADDERED_KINDS = ['call', 'system'] as const;

/** A request due a step, with what the step needs of its receiver. */
export interface DueStep {
  requestId: string;
  receiverId: string;
  /** Null for a request no user sent (a card or a slip): its source is then "no sender". */
  senderId: string | null;
  /** For a stranger's request, the card it came through and the hash of its client address, when recorded. */
  strangerCardId: string | null;
  strangerAddressHash: string | null;
  phone: string;
  language: Language;
  quietHours: QuietHours | null;
  /** The vehicle's number as registered, else as the request names it; null when neither is known. */
  plate: string | null;
}

/** `query` over the steps of this channel in the last day, each with its request and, for a stranger's, its stranger. */
function stepsOfLastDay<Query extends PgSelect>(
  query: Query,
  channel: FallbackChannel,
  now: Date,
  also?: SQL,
) {
  return query
    .innerJoin(requests, eq(requests.id, fallbackSteps.notificationId))
    .leftJoin(requestStrangers, eq(requestStrangers.notificationId, fallbackSteps.notificationId))
    .where(
      and(eq(fallbackSteps.channel, channel), gt(fallbackSteps.at, new Date(now.getTime() - DAY_MS)), also),
    );
}

/** The senders by `key` (an account, a card, an address) whose steps of this channel in the last day reached `limit`. */
function spentSenders(
  db: Db,
  key: typeof requests.senderId | typeof requestStrangers.cardId | typeof requestStrangers.addressHash,
  channel: FallbackChannel,
  limit: number,
  now: Date,
) {
  return stepsOfLastDay(db.select({ key }).from(fallbackSteps).$dynamic(), channel, now, isNotNull(key))
    .groupBy(key)
    .having(sql`count(*) >= ${limit}`);
}

/**
 * The requests due this channel's step: sent `afterS` ago (but not an hour longer), neither seen nor
 * answered (nor, for the SMS, delivered), without this step yet, to a receiver who wants it, from a
 * sender they have not blocked and whose `perSenderDay` is not spent (so that one sender's many
 * requests cannot fill a sweep). Any kind of request qualifies but masked calls and notices.
 */
export async function dueSteps(
  db: Db,
  channel: FallbackChannel,
  { afterS, perSenderDay }: { afterS: number; perSenderDay: number },
  now: Date,
): Promise<DueStep[]> {
  const dueAt = new Date(now.getTime() - afterS * 1000);
  const senderNotSpent = (key: Parameters<typeof spentSenders>[1]) =>
    or(isNull(key), notInArray(key, spentSenders(db, key, channel, perSenderDay, now)));
  const rows = await db
    .select({
      requestId: requests.id,
      receiverId: users.id,
      senderId: requests.senderId,
      strangerCardId: requestStrangers.cardId,
      strangerAddressHash: requestStrangers.addressHash,
      phone: users.phone,
      language: users.language,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
      plate: sql<string | null>`upper(coalesce(${vehicles.vehicleNumber}, ${requests.vehicleNumber}))`,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.receiverId))
    .leftJoin(vehicles, eq(vehicles.id, requests.vehicleId))
    .leftJoin(requestStrangers, eq(requestStrangers.notificationId, requests.id))
    .where(
      and(
        isNull(requests.seenAt),
        isNull(requests.repliedAt),
        notInArray(requests.kind, [...NOT_LADDERED_KINDS]),
        lte(requests.sentAt, dueAt),
        gt(requests.sentAt, new Date(dueAt.getTime() - LADDER_HORIZON_MS)),
        channel === 'sms'
          ? and(isNull(requests.deliveredAt), eq(users.fallbackSms, true))
          : and(eq(users.fallbackCall, true), eq(users.allowCalls, true)),
        notExists(
          db
            .select({ at: fallbackSteps.at })
            .from(fallbackSteps)
            .where(and(eq(fallbackSteps.notificationId, requests.id), eq(fallbackSteps.channel, channel))),
        ),
        senderNotBlockedByReceiver(db),
        senderNotSpent(requests.senderId),
        senderNotSpent(requestStrangers.cardId),
        senderNotSpent(requestStrangers.addressHash),
      ),
    )
    .orderBy(requests.sentAt)
    .limit(STEPS_PER_SWEEP);
  return rows.map(({ quietStart, quietEnd, ...step }) => ({
    ...step,
    quietHours: quietHoursOf({ quietStart, quietEnd }),
  }));
}

/** What the limits of one step are checked against: this channel's steps over the last day and hour. */
export interface StepCounts {
  /** By the whole service, the last 24 hours. */
  service: number;
  /** To this receiver, the last 24 hours. */
  receiver: number;
  /** To this receiver for requests of this step's source (its sender, or no sender), the last hour. */
  sourceLastHour: number;
  /**
   * Caused by this step's sender, the last 24 hours: an account's requests; for a stranger, the more
   * of those through its card and those from its address (each counts as one sender).
   */
  sender: number;
}

type CountedStep = Pick<DueStep, 'receiverId' | 'senderId' | 'strangerCardId' | 'strangerAddressHash'>;

async function stepCounts(
  db: Db,
  channel: FallbackChannel,
  step: CountedStep,
  now: Date,
): Promise<StepCounts> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const query = db
    .select({
      service: count(),
      receiver: sql<number>`count(*) filter (where ${requests.receiverId} = ${step.receiverId})`.mapWith(
        Number,
      ),
      sourceLastHour: sql<number>`count(*) filter (where ${requests.receiverId} = ${step.receiverId}
        and ${requests.senderId} is not distinct from ${step.senderId} and ${fallbackSteps.at} > ${hourAgo})`.mapWith(
        Number,
      ),
      sender: sql<number>`greatest(
        count(*) filter (where ${requests.senderId} = ${step.senderId}),
        count(*) filter (where ${requestStrangers.cardId} = ${step.strangerCardId}),
        count(*) filter (where ${requestStrangers.addressHash} = ${step.strangerAddressHash}))`.mapWith(
        Number,
      ),
    })
    .from(fallbackSteps)
    .$dynamic();
  const [row] = await stepsOfLastDay(query, channel, now);
  return row ?? { service: 0, receiver: 0, sourceLastHour: 0, sender: 0 };
}

/** What came of a try to take a step: the counts it was judged by, why it was refused, or whether it was taken. */
export interface StepClaim<Refusal> {
  counts: StepCounts;
  refusal: Refusal | null;
  taken: boolean;
}

/**
 * Takes this channel's step of the request unless `refusalOf` finds a limit reached. The limits are
 * counted and the step inserted under one lock of the channel, so instances sweeping at once are
 * judged one after the other and cannot pass a budget together; the step's primary key makes sure
 * only one of them takes it.
 */
export async function claimStep<Refusal>(
  db: Db,
  channel: FallbackChannel,
  step: CountedStep & Pick<DueStep, 'requestId'>,
  now: Date,
  refusalOf: (counts: StepCounts) => Refusal | null,
): Promise<StepClaim<Refusal>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fallback-steps:${channel}`}, 0))`);
    const counts = await stepCounts(tx, channel, step, now);
    const refusal = refusalOf(counts);
    if (refusal !== null) return { counts, refusal, taken: false };
    const rows = await tx
      .insert(fallbackSteps)
      .values({ notificationId: step.requestId, channel, at: now })
      .onConflictDoNothing()
      .returning({ id: fallbackSteps.notificationId });
    return { counts, refusal, taken: rows.length > 0 };
  });
}

/** The provider did not take the step: it is kept (it counts, and is not tried again) but nobody is told. */
export async function markStepFailed(db: Db, requestId: string, channel: FallbackChannel): Promise<void> {
  await db
    .update(fallbackSteps)
    .set({ failed: true })
    .where(and(eq(fallbackSteps.notificationId, requestId), eq(fallbackSteps.channel, channel)));
}

export async function recordCallSid(db: Db, requestId: string, callSid: string): Promise<void> {
  await db
    .update(fallbackSteps)
    .set({ callSid })
    .where(and(eq(fallbackSteps.notificationId, requestId), eq(fallbackSteps.channel, 'call')));
}

/** A call this server placed for that request, as its webhooks name it: its receiver and what the greeting says. */
export interface PlacedCall {
  receiverId: string;
  language: Language;
  plate: string | null;
}

export async function placedCall(db: Db, requestId: string, callSid: string): Promise<PlacedCall | null> {
  const [row] = await db
    .select({
      receiverId: users.id,
      language: users.language,
      plate: sql<string | null>`upper(coalesce(${vehicles.vehicleNumber}, ${requests.vehicleNumber}))`,
    })
    .from(fallbackSteps)
    .innerJoin(requests, eq(requests.id, fallbackSteps.notificationId))
    .innerJoin(users, eq(users.id, requests.receiverId))
    .leftJoin(vehicles, eq(vehicles.id, requests.vehicleId))
    .where(
      and(
        eq(fallbackSteps.notificationId, requestId),
        eq(fallbackSteps.channel, 'call'),
        eq(fallbackSteps.callSid, callSid),
      ),
    )
    .limit(1);
  return row ?? null;
}
