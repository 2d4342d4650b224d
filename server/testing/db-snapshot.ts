import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  blocks,
  deviceTokens,
  idempotencyKeys,
  requests,
  otpCodes,
  rcRecords,
  rcVerificationAttempts,
  registrationFlags,
  sessions,
  slips,
  users,
  vehicleChanges,
  vehicleNumberReleases,
  vehicles,
  vehicleCards,
  publicStatusTokens,
  requestImages,
  falseAlarms,
  pendingFalseAlarms,
  senderPauses,
} from '../db/schema';

/** The tables a refused request must leave as they were, under the names snapshots use. */
const WATCHED_TABLES = {
  users,
  sessions,
  otpCodes,
  deviceTokens,
  vehicles,
  notifications: requests,
  blocks,
  registrationFlags,
  idempotencyKeys,
  vehicleChanges,
  vehicleNumberReleases,
  rcVerificationAttempts,
  rcRecords,
  slips,
  vehicleCards,
  publicStatusTokens,
  requestImages,
  falseAlarms,
  pendingFalseAlarms,
  senderPauses,
};
type Watched = typeof WATCHED_TABLES;
type WatchedName = keyof Watched;

const watched = Object.entries(WATCHED_TABLES) as [WatchedName, Watched[WatchedName]][];

/** A table's rows as text, whole: every column counts, and sorting by it gives a stable order. */
const rowText = (table: Watched[WatchedName]) => sql`${table}::text`;

export type TablesSnapshot = { [Name in WatchedName]: Watched[Name]['$inferSelect'][] };

/** Every row of every watched table, in a stable order: equal snapshots mean nothing was written. */
export async function snapshotTables(db: Db): Promise<TablesSnapshot> {
  const rows = await Promise.all(watched.map(([, table]) => db.select().from(table).orderBy(rowText(table))));
  return Object.fromEntries(watched.map(([name], index) => [name, rows[index]])) as TablesSnapshot;
}

/**
 * A hash of each watched table's rows: equal fingerprints mean nothing was written, as with
 * `snapshotTables`, at a fraction of its cost (the fuzzer takes two for each of its thousands of tries).
 */
export async function fingerprintTables(db: Db): Promise<Record<WatchedName, string>> {
  const hashes = await Promise.all(
    watched.map(([, table]) =>
      db
        .select({
          hash: sql<string>`md5(coalesce(string_agg(${rowText(table)}, ',' order by ${rowText(table)}), ''))`,
        })
        .from(table),
    ),
  );
  return Object.fromEntries(watched.map(([name], index) => [name, hashes[index]?.[0]?.hash])) as Record<
    WatchedName,
    string
  >;
}
