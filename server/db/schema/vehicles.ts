/** Vehicles: registrations, their changes and releases, and ownership checks against the RC record. */
import { boolean, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { VEHICLE_TYPES, type VehicleType } from '#common/vehicle-types';
import { users } from './accounts';
import { timestamptz, oneOf } from './columns';

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
 * (server/domain/waiting-notes/holds.ts), and one that came and went within it restarts the hold.
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

export type VehicleRow = typeof vehicles.$inferSelect;
