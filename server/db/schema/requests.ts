/** Requests and what goes with them: wiper slips, fallback steps, blocks, registration flags and idempotency keys. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { FALLBACK_CHANNELS, type FallbackChannel } from '#common/fallback-channels';
import { TEMPLATE_KEYS, type TemplateKey } from '#common/message-templates';
import { REPLY_KINDS, type ReplyKind } from '#common/replies';
import { REQUEST_KINDS, REQUEST_VIAS, type RequestVia, users } from './accounts';
import { vehicles } from './vehicles';
import { timestamptz, oneOf } from './columns';

/**
 * A wiper slip: printed ahead by `ownerId`, then attached once to a note for a plate and tucked under
 * that car's wiper, where anyone who scans it reads the note and answers once, without an account.
 * The note and its answer are a request of the owner's whose `slipId` is the slip's: the slip is only
 * where that request's answer may come from.
 */
export const slips = pgTable(
  'slips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ten characters of common/slip-code.ts's alphabet, as printed without the hyphen. */
    code: varchar('code', { length: 10 }).notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    attachedAt: timestamptz('attached_at'),
  },
  (table) => [index('slips_owner_attached_idx').on(table.ownerId, table.attachedAt)],
);

export type SlipRow = typeof slips.$inferSelect;

/**
 * Requests: every way of reaching an owner stores one (the SQL table keeps its first name,
 * `notifications`), and so does a note left for a number nobody reachable has registered yet: a
 * waiting note is a request whose receiver is not known yet (`receiverId` null, `expiresAt` set),
 * which gets its receiver, keeping its id and time, when a registration of its number becomes
 * reachable (server/domain/waiting-notes/); a wiper slip's note is one too, with no receiver unless it
 * waited for its number and found one. A user's request is inserted only through the one entry
 * (server/domain/requests/reach.ts), by the send rule's database function `store_checked_request`
 * (defined last by migration 0030), which checks blocks and send windows under a lock: a column added
 * here that a new request must set goes into that function too
 * (server/domain/requests/send-rule/send-rule.test.ts compares them).
 */
export const requests = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null while the request is a note waiting for a registration of its number, or a slip's note. */
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
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
    /**
     * Set for a note left for a number (a waiting note), and kept once it has a receiver: until then
     * it waits for a registration of its number (`WAITING_NOTE_DAYS`).
     */
    expiresAt: timestamptz('expires_at'),
    /**
     * When a waiting note was handed to a registration: its receiver is set with it, or stays null when
     * the send rule refused the note (the receiver had blocked its sender); it waits no more either way.
     */
    claimedAt: timestamptz('claimed_at'),
    /**
     * The wiper slip whose note this is: the slip's reader answers it there. It also waits for its
     * number while the sender has no other note waiting for it; if not, it waits for nothing
     * (`expiresAt` null) and is only the slip's.
     */
    slipId: uuid('slip_id').references(() => slips.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The reminder sweep reads only requests with a receiver that nobody has looked at yet.
    index('notifications_awaiting_reminder_idx')
      .on(table.sentAt)
      .where(
        sql`${table.receiverId} is not null and ${table.reminderSentAt} is null and ${table.seenAt} is null and ${table.repliedAt} is null`,
      ),
    index('notifications_unread_idx')
      .on(table.receiverId, table.sentAt)
      .where(sql`${table.readAt} is null`),
    index('notifications_sender_sent_idx').on(table.senderId, table.sentAt),
    index('notifications_sent_idx').on(table.sentAt),
    oneOf('notifications_kind_check', table.kind, REQUEST_KINDS),
    oneOf('notifications_template_key_check', table.templateKey, TEMPLATE_KEYS),
    oneOf('notifications_reply_kind_check', table.replyKind, REPLY_KINDS),
    index('notifications_receiver_sent_idx').on(table.receiverId, table.sentAt),
    // The fallback ladder's sweep reads only requests with a receiver nobody has seen or answered yet.
    index('notifications_awaiting_fallback_idx')
      .on(table.sentAt)
      .where(sql`${table.receiverId} is not null and ${table.seenAt} is null and ${table.repliedAt} is null`),
    oneOf('notifications_via_check', table.via, REQUEST_VIAS),
    // Notes waiting for their number, by number, and the sweep of those that expired unclaimed.
    index('notifications_waiting_number_idx')
      .on(table.vehicleNumber, table.expiresAt)
      .where(sql`${table.receiverId} is null and ${table.claimedAt} is null`),
    index('notifications_waiting_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.receiverId} is null and ${table.claimedAt} is null`),
    // Only a note left by an account has no receiver: one left for a number, or a slip's.
    check(
      'notifications_waiting_check',
      sql`${table.receiverId} is not null or (${table.senderId} is not null and ${table.vehicleNumber} is not null and (${table.expiresAt} is not null or ${table.slipId} is not null))`,
    ),
    // A slip has one note.
    uniqueIndex('notifications_slip_idx')
      .on(table.slipId)
      .where(sql`${table.slipId} is not null`),
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

export type RequestRow = typeof requests.$inferSelect;
/** A request that has its receiver: every request but a note still waiting for its number. */
export type ReceivedRequestRow = RequestRow & { receiverId: string };
export const hasReceiver = (row: RequestRow): row is ReceivedRequestRow => row.receiverId !== null;
