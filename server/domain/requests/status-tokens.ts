import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { PublicRequestStatus } from '#common/card-api';
import type { TemplateKey } from '#common/message-templates';
import type { Db } from '../../db/database';
import { requests, publicStatusTokens, users, type RequestRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { fallbacksOfRequest, toSentRequest, type FallbackStep } from './sender-view';
import { HOUR_MS } from '#common/durations';

/**
 * Status tokens: how someone without an account (a stranger at a windscreen card) follows the one
 * request they sent. A token is 192 random bits, lives STATUS_TOKEN_HOURS, and only its hash is kept.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for the request; the caller hands it out once, it is never stored as such. */
export async function issueStatusToken(
  db: Db,
  requestId: string,
  now: Date,
  lifetimeHours: number,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(publicStatusTokens).values({
    tokenHash: hashOf(token),
    requestId,
    expiresAt: new Date(now.getTime() + lifetimeHours * HOUR_MS),
  });
  return token;
}

/** What the stranger sent: their own text, or one of the suggested texts (then shown in the page's language). */
export interface SentMessage {
  content: string;
  templateKey: TemplateKey | null;
  vehicleNumber: string | null;
}

/** What a status token shows: its request's status and what was sent, until the token expires. */
export interface FollowedRequest {
  requestId: string;
  expiresAt: Date;
  status: PublicRequestStatus;
  message: SentMessage;
}

/**
 * The request a live token follows, as its sender may see it: when it was sent, delivered and seen
 * (the last two only when the owner shares read receipts) and the owner's answer. Undefined for an
 * unknown or expired token.
 */
export async function followedRequest(
  db: Db,
  token: string,
  now: Date,
): Promise<FollowedRequest | undefined> {
  const [found] = await db
    .select({
      request: requests,
      expiresAt: publicStatusTokens.expiresAt,
      receiptsShared: users.shareReadReceipts,
      fallbacks: fallbacksOfRequest,
    })
    .from(publicStatusTokens)
    .innerJoin(requests, eq(requests.id, publicStatusTokens.requestId))
    .leftJoin(users, eq(users.id, requests.receiverId))
    .where(and(eq(publicStatusTokens.tokenHash, hashOf(token)), gt(publicStatusTokens.expiresAt, now)));
  if (!found) return undefined;
  return {
    requestId: found.request.id,
    expiresAt: found.expiresAt,
    status: toPublicRequestStatus(found.request, found.receiptsShared, found.fallbacks),
    message: {
      content: found.request.content,
      templateKey: found.request.templateKey,
      vehicleNumber: found.request.vehicleNumber,
    },
  };
}

/** The status of a request for its token holder: its sender's view, without anything else. */
export function toPublicRequestStatus(
  row: RequestRow,
  receiptsShared: boolean | null,
  fallbacks: FallbackStep[],
): PublicRequestStatus {
  const { sentAt, deliveredAt, seenAt, reply } = toSentRequest(
    { request: row, vehicleNumber: null, receiptsShared, fallbacks },
    textsFor('en'),
  );
  return { sentAt, deliveredAt, seenAt, reply, fallbacks };
}
