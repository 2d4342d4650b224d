import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: varchar('phone', { length: 10 }).notNull().unique(),
  gender: text('gender').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  district: text('district').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('India'),
  state: text('state').notNull().default('Kerala'),
  phoneVisible: boolean('phone_visible').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A sign-up waiting for its code: it becomes a user only when the code is verified. */
export const registrations = pgTable('registrations', {
  phone: varchar('phone', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  gender: text('gender').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  district: text('district').notNull(),
  city: text('city').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
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
  },
  (table) => [
    index('otp_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('otp_codes_created_idx').on(table.createdAt),
  ],
);

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
    vehicleNumber: varchar('vehicle_number', { length: 10 }).notNull().unique(),
    vehicleType: text('vehicle_type').notNull().default('Four'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('vehicles_owner_created_idx').on(table.ownerId, table.createdAt)],
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
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
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

export type UserRow = typeof users.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
