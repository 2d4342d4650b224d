/** Accounts: users, their sessions and devices, one-time codes and the shared request counters. */
import { boolean, date, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Gender } from '#common/api';
import { GENDERS } from '#common/genders';
import { DISTRICTS, type District } from '#common/districts';
import { LANGUAGES, type Language } from '#common/languages';
import { timestamptz, oneOf } from './columns';

export const REQUEST_KINDS = ['message', 'notification', 'call', 'system'] as const;
/** How a request with no sender account reached its owner: a windscreen card. */
export const REQUEST_VIAS = ['card'] as const;
export type RequestVia = (typeof REQUEST_VIAS)[number];

/** Whom a one-time code proves a phone for: signing in or up, or a stranger before a call through a card. */
export const CODE_PURPOSES = ['sign-in', 'stranger'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

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

export type UserRow = typeof users.$inferSelect;
