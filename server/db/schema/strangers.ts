/** People without an account: windscreen cards, status tokens, photos, false alarms, pauses and blocks of strangers. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IMAGE_TYPES, type ImageType } from '#common/photos';
import { users } from './accounts';
import { vehicles } from './vehicles';
import { requests } from './requests';
import { timestamptz, oneOf } from './columns';

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
      .references(() => requests.id, { onDelete: 'cascade' }),
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
      .references(() => requests.id, { onDelete: 'cascade' }),
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

export type VehicleCardRow = typeof vehicleCards.$inferSelect;

/** What a false-alarm report holds, pending or taken effect: the request, its two people, when. */
const falseAlarmReport = () => ({
  notificationId: uuid('notification_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  receiverId: uuid('receiver_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  reportedAt: timestamptz('reported_at').notNull(),
});

/**
 * A request its receiver marked a false alarm (once per request). `strike` is whether it counts
 * against the sender: a receiver strikes one sender at most once a day.
 */
export const falseAlarms = pgTable(
  'false_alarms',
  {
    ...falseAlarmReport(),
    strike: boolean('strike').notNull(),
  },
  (table) => [
    index('false_alarms_sender_reported_idx').on(table.senderId, table.reportedAt),
    index('false_alarms_receiver_sender_reported_idx').on(table.receiverId, table.senderId, table.reportedAt),
  ],
);

/**
 * A false-alarm report its receiver may still undo: it takes effect (a row of `false_alarms`, perhaps
 * a strike and a pause) once `takesEffectAt` has passed without an undo, when a periodic job commits it.
 */
export const pendingFalseAlarms = pgTable(
  'pending_false_alarms',
  {
    ...falseAlarmReport(),
    takesEffectAt: timestamptz('takes_effect_at').notNull(),
  },
  (table) => [index('pending_false_alarms_takes_effect_idx').on(table.takesEffectAt)],
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
      .references(() => requests.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').references(() => vehicleCards.id, { onDelete: 'set null' }),
    cookieHash: text('cookie_hash'),
    addressHash: text('address_hash'),
    phoneHash: text('phone_hash'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('request_strangers_card_created_idx').on(table.cardId, table.createdAt),
    index('request_strangers_address_created_idx').on(table.addressHash, table.createdAt),
    index('request_strangers_phone_created_idx').on(table.phoneHash, table.createdAt),
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

export type RequestImageRow = typeof requestImages.$inferSelect;
