import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  timestamp,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import type { Gender } from '#common/api';
import { GENDERS } from '#common/genders';
import { IMAGE_TYPES, type ImageType } from '#common/photos';
import { DISTRICTS, type District } from '#common/districts';
import { FALLBACK_CHANNELS, type FallbackChannel } from '#common/fallback-channels';
import { LANGUAGES, type Language } from '#common/languages';
import { TEMPLATE_KEYS, type TemplateKey } from '#common/message-templates';
import { REPLY_KINDS, type ReplyKind } from '#common/replies';
import { VEHICLE_TYPES, type VehicleType } from '#common/vehicle-types';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const NOTIFICATION_KINDS = ['message', 'notification', 'call', 'system'] as const;
/** How a request with no sender account reached its owner: a windscreen card. */
export const REQUEST_VIAS = ['card'] as const;
export type RequestVia = (typeof REQUEST_VIAS)[number];

/** Whom a one-time code proves a phone for: signing in or up, or a stranger before a call through a card. */
export const CODE_PURPOSES = ['sign-in', 'stranger'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** A CHECK that a text column holds one of the values `common/` allows (null passes, as in SQL). */
function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 10 }).notNull().unique(),
    gender: text('gender').$type<Gender>().notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    district: text('district').$type<District>().notNull(),
    city: text('city').notNull(),
    country: text('country').notNull().default('India'),
    state: text('state').notNull().default('Kerala'),
    phoneVisible: boolean('phone_visible').notNull().default(false),
    emailVisible: boolean('email_visible').notNull().default(false),
    /** When false, others see only the name's initials ("A. M."). */
    nameVisible: boolean('name_visible').notNull().default(true),
    /** When false, senders are not told when this user's devices got or opened their requests. */
    shareReadReceipts: boolean('share_read_receipts').notNull().default(true),
    /** Takes masked calls through the telephony provider. */
    allowCalls: boolean('allow_calls').notNull().default(true),
    /** Quiet hours in India Standard Time, `HH:MM`; both set or both null. */
    quietStart: varchar('quiet_start', { length: 5 }),
    quietEnd: varchar('quiet_end', { length: 5 }),
    /** The language of the app, of what this user receives and of the server's answers to them. */
    language: text('language').$type<Language>().notNull().default('en'),
    /** When false, a request this user's devices did not show is not sent to their phone by SMS. */
    fallbackSms: boolean('fallback_sms').notNull().default(true),
    /** When false, a request this user did not open is not followed by an automatic voice call. */
    fallbackCall: boolean('fallback_call').notNull().default(true),
    /** When the user agreed to the privacy notice; null for an account that has not (yet). */
    consentedAt: timestamptz('consented_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    oneOf('users_gender_check', table.gender, GENDERS),
    oneOf('users_district_check', table.district, DISTRICTS),
    oneOf('users_language_check', table.language, LANGUAGES),
  ],
);

/** The sign-up a code was issued for: it becomes a user only when that code is verified. */
export interface PendingRegistration {
  name: string;
  email: string;
  gender: Gender;
  dateOfBirth: string;
  district: District;
  city: string;
  /** Absent on codes issued before phone numbers became hidden by default. */
  phoneVisible?: boolean;
  /** Absent on codes issued before the app spoke Malayalam. */
  language?: Language;
  /** When the sign-up agreed to the privacy notice; absent when it did not say. */
  consentedAt?: string;
}

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The session's public id (listed to its user); the token hash never leaves the server. */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeen: timestamptz('last_seen').notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: varchar('phone', { length: 10 }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    /** Set for a sign-up code: the sign-up it was issued for, bound to it and gone with it. */
    registration: jsonb('registration').$type<PendingRegistration>(),
    /** Each purpose has limits of its own: a stranger's codes never spend sign-in's. */
    purpose: text('purpose').$type<CodePurpose>().notNull().default('sign-in'),
  },
  (table) => [
    index('otp_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('otp_codes_created_idx').on(table.createdAt),
    index('otp_codes_expires_idx').on(table.expiresAt),
    oneOf('otp_codes_purpose_check', table.purpose, CODE_PURPOSES),
  ],
);

/** Per-address and per-user request counters shared by every server instance (without Redis). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered the token: the token ends with it, and is pushed to only while it lives. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeen: timestamptz('last_seen').notNull().defaultNow(),
  },
  (table) => [
    index('device_tokens_user_idx').on(table.userId),
    index('device_tokens_session_idx').on(table.sessionId),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vehicleNumber: varchar('vehicle_number', { length: 10 }).notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull().default('Four'),
    isActive: boolean('is_active').notNull().default(true),
    /** Proven against the RC record; only the provider's verification id is kept, never the record. */
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamptz('verified_at'),
    verificationId: text('verification_id'),
    /** The proof's RC record carried the registered mobile number and it was the owner's phone. */
    mobileMatched: boolean('mobile_matched').notNull().default(false),
    /** The proof lapsed after RC_PROOF_DAYS: the owner is asked to verify again. */
    proofExpired: boolean('proof_expired').notNull().default(false),
    /** Kept by the number's verified owner as a household member: reachable again. */
    household: boolean('household').notNull().default(false),
    /** The last renumbering: a number changed within a day is not checked against the RC. */
    numberChangedAt: timestamptz('number_changed_at'),
    /** A check against the RC started then and has not finished: the number cannot change meanwhile. */
    rcCheckStartedAt: timestamptz('rc_check_started_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('vehicles_owner_created_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('vehicles_owner_number_unique').on(table.ownerId, table.vehicleNumber),
    index('vehicles_number_idx').on(table.vehicleNumber),
    oneOf('vehicles_vehicle_type_check', table.vehicleType, VEHICLE_TYPES),
  ],
);

/**
 * When a registration last gave up a number (renumbered away or deleted): without an RC provider a
 * waiting note reaches only a registration that has held its number alone for the hold
 * (server/lib/waiting-notes/holds.ts), and one that came and went within it restarts the hold.
 */
export const vehicleNumberReleases = pgTable('vehicle_number_releases', {
  vehicleNumber: varchar('vehicle_number', { length: 10 }).primaryKey(),
  releasedAt: timestamptz('released_at').notNull(),
});

/** Every add and number change of a vehicle, so the hourly cap per account is counted in the database. */
export const vehicleChanges = pgTable(
  'vehicle_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (table) => [index('vehicle_changes_user_changed_idx').on(table.userId, table.changedAt)],
);

/** Ownership checks of each account (every plate together), for the daily cap per account. */
export const rcVerificationAttempts = pgTable(
  'rc_verification_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleNumber: varchar('vehicle_number', { length: 10 }).notNull(),
    attemptedAt: timestamptz('attempted_at').notNull(),
  },
  (table) => [
    index('rc_verification_attempts_user_number_idx').on(
      table.userId,
      table.vehicleNumber,
      table.attemptedAt,
    ),
    index('rc_verification_attempts_user_attempted_idx').on(table.userId, table.attemptedAt),
  ],
);

/**
 * The RC provider's answer for a plate, shared by every account that checks it for a day; a row is
 * also one paid lookup of the day, for the service's cap. Only what a check compares is kept: the
 * last five characters of the chassis and engine numbers and the registered mobile number.
 * `found` is null while the lookup is in flight.
 */
export const rcRecords = pgTable(
  'rc_records',
  {
    vehicleNumber: varchar('vehicle_number', { length: 10 }).primaryKey(),
    lookedUpAt: timestamptz('looked_up_at').notNull(),
    found: boolean('found'),
    active: boolean('active').notNull().default(false),
    chassisLast5: text('chassis_last5').notNull().default(''),
    engineLast5: text('engine_last5').notNull().default(''),
    mobile: text('mobile'),
    verificationId: text('verification_id'),
  },
  (table) => [index('rc_records_looked_up_idx').on(table.lookedUpAt)],
);

/**
 * Requests: every way of reaching an owner stores one. A user's request is inserted only by the send
 * rule's database function `store_checked_request` (defined last by migration 0016, called from server/lib/send-rule/),
 * which checks blocks and send windows under a lock: a column added here that a new request must set
 * goes into that function too (server/lib/send-rule/send-rule.test.ts compares them).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** A masked call placed through the telephony provider is a request of kind `call`. */
    kind: text('kind').$type<(typeof NOTIFICATION_KINDS)[number]>().notNull(),
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
    oneOf('notifications_kind_check', table.kind, NOTIFICATION_KINDS),
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
      .references(() => notifications.id, { onDelete: 'cascade' }),
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

/**
 * A vehicle's windscreen card: its code is the card's URL. A vehicle has at most one live card
 * (`endedAt` null); a rotated or turned-off card stays ended, and a new one gets a new code.
 */
export const vehicleCards = pgTable(
  'vehicle_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** The owner takes no messages through the card until then. */
    pausedUntil: timestamptz('paused_until'),
  },
  (table) => [
    uniqueIndex('vehicle_cards_live_vehicle_unique')
      .on(table.vehicleId)
      .where(sql`${table.endedAt} is null`),
  ],
);

/** A token that lets someone without an account follow one request's status; only its hash is kept. */
export const publicStatusTokens = pgTable(
  'public_status_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('public_status_tokens_expires_idx').on(table.expiresAt),
    index('public_status_tokens_request_idx').on(table.requestId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite reads bytea as a Uint8Array, node-postgres as a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A photo sent as proof with a request (a message): re-encoded without metadata, kept in the database
 * so every instance serves it, deleted with its request and after IMAGE_RETENTION_DAYS. The place the
 * sender added, rounded to about 100 m, goes with it.
 */
export const requestImages = pgTable(
  'request_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .unique()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<ImageType>().notNull(),
    bytes: bytea('bytes').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('request_images_created_idx').on(table.createdAt),
    oneOf('request_images_content_type_check', table.contentType, IMAGE_TYPES),
  ],
);

/**
 * A wiper slip: printed ahead by `ownerId`, then attached once to a note for a plate and tucked under
 * that car's wiper, where anyone who scans it reads the note and answers once, without an account.
 * The note is a suggested text (`templateKey`) or the sender's short `text`.
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
    vehicleNumber: varchar('vehicle_number', { length: 10 }),
    templateKey: text('template_key').$type<TemplateKey>(),
    text: text('text'),
    replyKind: text('reply_kind').$type<ReplyKind>(),
    repliedAt: timestamptz('replied_at'),
  },
  (table) => [
    index('slips_owner_attached_idx').on(table.ownerId, table.attachedAt),
    oneOf('slips_template_key_check', table.templateKey, TEMPLATE_KEYS),
    oneOf('slips_reply_kind_check', table.replyKind, REPLY_KINDS),
  ],
);

export type SlipRow = typeof slips.$inferSelect;

/**
 * A note left for a number nobody reachable has registered yet: it waits `WAITING_NOTE_DAYS` and is
 * delivered, as a request with the same id and the note's time, when a registration of the number
 * becomes reachable (server/lib/waiting-notes/). Either a suggested text (`templateKey`) or `text`.
 */
export const waitingNotes = pgTable(
  'waiting_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleNumber: varchar('vehicle_number', { length: 10 }).notNull(),
    templateKey: text('template_key').$type<TemplateKey>(),
    text: text('text'),
    /** The wiper slip the note was attached to, if any (the slips feature owns that row). */
    slipId: uuid('slip_id'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When it was handed to a registration (the request's id is the note's); null while it waits. */
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('waiting_notes_number_idx')
      .on(table.vehicleNumber, table.expiresAt)
      .where(sql`${table.deliveredAt} is null`),
    index('waiting_notes_sender_created_idx').on(table.senderId, table.createdAt),
    index('waiting_notes_expires_idx').on(table.expiresAt),
    oneOf('waiting_notes_template_key_check', table.templateKey, TEMPLATE_KEYS),
    check('waiting_notes_text_check', sql`(${table.templateKey} is null) <> (${table.text} is null)`),
  ],
);

export type WaitingNoteRow = typeof waitingNotes.$inferSelect;
export type VehicleCardRow = typeof vehicleCards.$inferSelect;

/**
 * A request its receiver marked a false alarm (once per request). `strike` is whether it counts
 * against the sender: a receiver strikes one sender at most once a day.
 */
export const falseAlarms = pgTable(
  'false_alarms',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedAt: timestamptz('reported_at').notNull(),
    strike: boolean('strike').notNull(),
  },
  (table) => [
    index('false_alarms_sender_reported_idx').on(table.senderId, table.reportedAt),
    index('false_alarms_receiver_sender_reported_idx').on(table.receiverId, table.senderId, table.reportedAt),
  ],
);

/**
 * A sender paused by strikes: every way of reaching an owner refuses them until `pausedUntil`. Kept
 * under a hash of the phone (`pauseKey`), not the account, so that it outlives the account; the
 * paused sender's one contest (`POST /api/users/contestPause`) is kept with it.
 */
export const senderPauses = pgTable(
  'sender_pauses',
  {
    phoneHash: text('phone_hash').primaryKey(),
    pausedAt: timestamptz('paused_at').notNull(),
    pausedUntil: timestamptz('paused_until').notNull(),
    contestText: text('contest_text'),
    contestedAt: timestamptz('contested_at'),
  },
  (table) => [
    index('sender_pauses_until_idx').on(table.pausedUntil),
    check(
      'sender_pauses_contest_check',
      sql`(${table.contestText} is null) = (${table.contestedAt} is null)`,
    ),
  ],
);

export type SenderPauseRow = typeof senderPauses.$inferSelect;

/**
 * Who sent a request that has no sender account (a windscreen card's stranger): the card it came
 * through and one hash for each thing known of them (the browser's cookie, the client address as the
 * limits count it, the proven phone), never the raw value. Blocks and budgets look strangers up here.
 */
export const requestStrangers = pgTable(
  'request_strangers',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').references(() => vehicleCards.id, { onDelete: 'set null' }),
    cookieHash: text('cookie_hash'),
    addressHash: text('address_hash'),
    phoneHash: text('phone_hash'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('request_strangers_card_created_idx').on(table.cardId, table.createdAt),
    index('request_strangers_address_created_idx').on(table.addressHash, table.createdAt),
  ],
);

export type RequestStrangerRow = typeof requestStrangers.$inferSelect;

/** What a block of a stranger is kept by: the browser's cookie, the client address, a proven phone. */
export const STRANGER_BLOCK_KINDS = ['cookie', 'address', 'phone'] as const;

/**
 * Strangers an owner blocked (from a request through one of their cards), each by one hash of
 * `request_strangers`, until a time: a later message or call to any of the owner's cards whose
 * stranger has one of these hashes is refused. The primary key is the lookup's index.
 */
export const strangerBlocks = pgTable(
  'stranger_blocks',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STRANGER_BLOCK_KINDS }).notNull(),
    hash: text('hash').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.kind, table.hash] }),
    oneOf('stranger_blocks_kind_check', table.kind, STRANGER_BLOCK_KINDS),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type RequestImageRow = typeof requestImages.$inferSelect;
