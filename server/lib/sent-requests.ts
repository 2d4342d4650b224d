import { sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { SentRequest } from '#common/api';
import { fallbackSteps, notifications, type NotificationRow } from '../db/schema';
import { contentFor } from './notification-texts';

/**
 * The plate a request was sent for, as its sender sees it: the number stored when it was sent, so a
 * receiver who renumbers the vehicle later does not tell senders the new one. Only a request about a
 * vehicle names it: a notification names none (SPEC §7).
 */
export const sentForPlate = sql<
  string | null
>`case when ${notifications.kind} = 'notification' then null else ${notifications.vehicleNumber} end`;

/** A step of the fallback ladder as its sender sees it. */
export type FallbackStep = SentRequest['fallbacks'][number];

/** The fallback steps taken for the request (those its provider accepted), oldest first, as JSON. */
export const fallbacksOfRequest = sql<FallbackStep[]>`coalesce((select json_agg(json_build_object(
    'channel', ${fallbackSteps.channel}, 'at', ${fallbackSteps.at}) order by ${fallbackSteps.at})
  from ${fallbackSteps}
  where ${fallbackSteps.notificationId} = ${notifications.id} and not ${fallbackSteps.failed}), '[]')`.mapWith(
  (steps: FallbackStep[] | string) =>
    (typeof steps === 'string' ? (JSON.parse(steps) as FallbackStep[]) : steps).map(({ channel, at }) => ({
      channel,
      at: new Date(at).toISOString(),
    })),
);

/**
 * A request as its sender sees it, in the sender's language (`i18n`): never a phone number of either
 * side, and when and whether it reached and was opened only if the receiver shares read receipts
 * (`receiptsShared`: null when the receiver is gone).
 */
export function toSentRequest(
  row: NotificationRow,
  vehicleNumber: string | null,
  receiptsShared: boolean | null,
  fallbacks: SentRequest['fallbacks'],
  i18n: I18n,
): SentRequest {
  const receipts = receiptsShared !== false;
  return {
    _id: row.id,
    vehicleNumber: vehicleNumber?.toUpperCase() ?? null,
    content: contentFor(row, i18n),
    sentAt: row.sentAt.toISOString(),
    deliveredAt: receipts ? (row.deliveredAt?.toISOString() ?? null) : null,
    seenAt: receipts ? (row.seenAt?.toISOString() ?? null) : null,
    reply:
      row.replyKind && row.repliedAt
        ? {
            kind: row.replyKind,
            ...(row.replyText ? { text: row.replyText } : {}),
            at: row.repliedAt.toISOString(),
          }
        : null,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    fallbacks,
  };
}
