/** Requests and what goes with them: fallback steps, blocks, registration flags and idempotency keys. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { FALLBACK_CHANNELS, type FallbackChannel } from '#common/fallback-channels';
import { TEMPLATE_KEYS, type TemplateKey } from '#common/message-templates';
import { REPLY_KINDS, type ReplyKind } from '#common/replies';
import { REQUEST_KINDS, REQUEST_VIAS, type RequestVia, users } from './accounts';
import { vehicles } from './vehicles';
import { timestamptz, oneOf } from './columns';

/**
 * Requests: every way of reaching an owner stores one (the SQL table keeps its first name,
 * `notifications`). A user's request is inserted only through the one entry (server/domain/requests/
 * reach.ts), by the send rule's database function `store_checked_request` (defined last by migration
 * 0026),
 * which checks blocks and send windows under a lock: a column added here that a new request must set
 * goes into that function too (server/domain/requests/send-rule/send-rule.test.ts compares them).
 */
export const requests = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** A masked call placed through the telephony provider is a request of kind `call`. */
    kind: text('kind').$type<(typeof REQUEST_KINDS)[number]>().notNull(),
    /** As the sender typed it, or the service's text in English (`title` and `content`). */
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Set when `content` is one of the suggested texts (SPEC §9): each reader gets it in their language. */
    templateKey: text('template_key').$type<TemplateKey>(),
    /** The vehicle number the service's texts and the template name, so they can be written in any language. */
    vehicleNumber: varchar('vehicle_number', { length: 10 }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
    /** The request's lifecycle as its sender sees it (docs/architecture.md, "The request lifecycle"). */
    deliveredAt: timestamptz('delivered_at'),
    seenAt: timestamptz('seen_at'),
    replyKind: text('reply_kind').$type<ReplyKind>(),
    replyText: text('reply_text'),
    repliedAt: timestamptz('replied_at'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    /** Set for a request from someone without an account (`senderId` null): the way it came. */
    via: text('via').$type<RequestVia>(),
  },
  (table) => [
    // The reminder sweep reads only requests nobody has looked at yet.
    index('notifications_awaiting_reminder_idx')
      .on(table.sentAt)
      .where(sql`${table.reminderSentAt} is null and ${table.seenAt} is null and ${table.repliedAt} is null`),
    index('notifications_unread_idx')
      .on(table.receiverId, table.sentAt)
      .where(sql`${table.readAt} is null`),
    index('notifications_sender_sent_idx').on(table.senderId, table.sentAt),
    index('notifications_sent_idx').on(table.sentAt),
    oneOf('notifications_kind_check', table.kind, REQUEST_KINDS),
    oneOf('notifications_template_key_check', table.templateKey, TEMPLATE_KEYS),
    oneOf('notifications_reply_kind_check', table.replyKind, REPLY_KINDS),
    index('notifications_receiver_sent_idx').on(table.receiverId, table.sentAt),
    // The fallback ladder's sweep reads only requests nobody has seen or answered yet.
    index('notifications_awaiting_fallback_idx')
      .on(table.sentAt)
      .where(sql`${table.seenAt} is null and ${table.repliedAt} is null`),
    oneOf('notifications_via_check', table.via, REQUEST_VIAS),
  ],
);

/**
 * A step of the fallback ladder taken for a request (docs/fallback-ladder.md): an SMS or a voice
 * call. Its primary key is the claim: with several instances sweeping, one of them inserts each step.
 */
export const fallbackSteps = pgTable(
  'fallback_steps',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<FallbackChannel>().notNull(),
    at: timestamptz('at').notNull(),
    /** The provider's id of the call placed, which its webhooks must name. */
    callSid: text('call_sid'),
    /** The provider refused it or did not answer: the step counts against the limits, nobody is told. */
    failed: boolean('failed').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.channel] }),
    index('fallback_steps_channel_at_idx').on(table.channel, table.at),
    oneOf('fallback_steps_channel_check', table.channel, FALLBACK_CHANNELS),
  ],
);

/** A user the row belongs to: it goes with their account. */
const userReference = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A receiver who no longer wants messages from a sender. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userReference('blocker_id'),
    blockedId: userReference('blocked_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/**
 * A sender whose request about a vehicle its receiver answered "Not my vehicle": enough distinct
 * senders make an unverified registration unreachable until its owner confirms or edits it.
 */
export const registrationFlags = pgTable(
  'registration_flags',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    flaggedBy: userReference('flagged_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.vehicleId, table.flaggedBy] })],
);

/**
 * A sender's Idempotency-Key and the first answer given to it, so a repeat stores nothing new.
 * `responseStatus` is null while the first request is still being processed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 128 }).notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
