import { and, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rcRecords } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import { rcCheckInFlight } from '../../domain/ownership/rc-check-window';
import type { RcRecord } from '../../providers/rc';
import { DAY_MS } from '#common/durations';

/** The RC records looked up today: the cache every account shares, and the day's count of paid lookups. */

/** A transaction of `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const toRecord = (row: typeof rcRecords.$inferSelect): RcRecord => ({
  found: row.found === true,
  active: row.active,
  chassis: row.chassisLast5,
  engine: row.engineLast5,
  mobile: row.mobile,
  verificationId: row.verificationId ?? '',
});

/**
 * The plate's record looked up within a day, shared by every account; else reserves today's lookup of
 * it, refused when another lookup of the plate is in flight (409) or the service made its paid
 * lookups of the day (503 with Retry-After). One reservation at a time across instances (table lock).
 */
export async function cachedRecordOrReserve(
  db: Db,
  vehicleNumber: string,
  perDay: number,
  now: Date,
): Promise<RcRecord | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${rcRecords} IN EXCLUSIVE MODE`);
    await forgetDayOldRecords(tx, now);
    const [cached] = await tx.select().from(rcRecords).where(eq(rcRecords.vehicleNumber, vehicleNumber));
    if (cached && cached.found !== null) return toRecord(cached);
    if (cached && rcCheckInFlight(cached.lookedUpAt, now)) {
      throw conflict((i18n) => i18n._('server.ownership.checkInProgress'));
    }
    const [oldestCounted] = await tx
      .select({ lookedUpAt: rcRecords.lookedUpAt })
      .from(rcRecords)
      .where(ne(rcRecords.vehicleNumber, vehicleNumber))
      .orderBy(desc(rcRecords.lookedUpAt))
      .offset(perDay - 1)
      .limit(1);
    if (oldestCounted) {
      const waitMs = oldestCounted.lookedUpAt.getTime() + DAY_MS - now.getTime();
      throw new HttpError(503, (i18n) => i18n._('server.ownership.serviceLimit'), {
        'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
      });
    }
    await tx
      .insert(rcRecords)
      .values({ vehicleNumber, lookedUpAt: now })
      .onConflictDoUpdate({ target: rcRecords.vehicleNumber, set: { lookedUpAt: now } });
    return null;
  });
}

/** Keeps what a check compares of the provider's answer for the plate's reservation. */
export async function storeRecord(db: Db, vehicleNumber: string, record: RcRecord): Promise<void> {
  await db
    .update(rcRecords)
    .set({
      found: record.found,
      active: record.active,
      chassisLast5: record.chassis,
      engineLast5: record.engine,
      mobile: record.mobile,
      verificationId: record.verificationId,
    })
    .where(eq(rcRecords.vehicleNumber, vehicleNumber));
}

/** The provider did not answer: the plate's reservation is given back to the day's lookups. */
export async function dropReservation(db: Db, vehicleNumber: string): Promise<void> {
  await db.delete(rcRecords).where(and(eq(rcRecords.vehicleNumber, vehicleNumber), isNull(rcRecords.found)));
}

/** A plate's record is kept a day: for the cache and the day's count of paid lookups, no longer. */
export async function forgetDayOldRecords(db: Db | Tx, now: Date): Promise<void> {
  await db.delete(rcRecords).where(lte(rcRecords.lookedUpAt, new Date(now.getTime() - DAY_MS)));
}
