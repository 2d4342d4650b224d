import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
} from 'drizzle-orm/pg-core';

import type { Gender } from '#common/api';
import type { District } from '#common/districts';
import type { Language } from '#common/languages';
import type { TemplateKey } from '#common/message-templates';
import type { VehicleType } from '#common/vehicle-types';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
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
  /** Takes masked calls through the telephony provider (issue 15). */
  allowCalls: boolean('allow_calls').notNull().default(true),
  /** Quiet hours in India Standard Time, `HH:MM`; both set or both null. */
  quietStart: varchar('quiet_start', { length: 5 }),
  quietEnd: varchar('quiet_end', { length: 5 }),
  /** The language of the app, of what this user receives and of the server's answers to them. */
  language: text('language').$type<Language>().notNull().default('en'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

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
  },
  (table) => [
    index('otp_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('otp_codes_created_idx').on(table.createdAt),
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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeen: timestamptz('last_seen').notNull().defaultNow(),
  },
  (table) => [index('device_tokens_user_idx').on(table.userId)],
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
    /** Kept by the number's verified owner as a household member: reachable again. */
    household: boolean('household').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('vehicles_owner_created_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('vehicles_owner_number_unique').on(table.ownerId, table.vehicleNumber),
    index('vehicles_number_idx').on(table.vehicleNumber),
  ],
);

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

/** Ownership checks asked of the RC provider, per account and number, for the daily attempt cap. */
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
  ],
);

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
    kind: text('kind').$type<'message' | 'notification' | 'call' | 'system'>().notNull(),
    /** As the sender typed it, or the service's text in English (`title` and `content`). */
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Set when `content` is one of the suggested texts (SPEC §9): each reader gets it in their language. */
    templateKey: text('template_key').$type<TemplateKey>(),
    /** The vehicle number the service's texts and the template name, so they can be written in any language. */
    vehicleNumber: varchar('vehicle_number', { length: 10 }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
    /** The request's lifecycle as its sender sees it (README, "The request lifecycle"). */
    deliveredAt: timestamptz('delivered_at'),
    seenAt: timestamptz('seen_at'),
    replyKind: text('reply_kind'),
    replyText: text('reply_text'),
    repliedAt: timestamptz('replied_at'),
    reminderSentAt: timestamptz('reminder_sent_at'),
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
  ],
);

/** A receiver who no longer wants messages from a sender. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    flaggedBy: uuid('flagged_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export type UserRow = typeof users.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
