import { and, eq, gt, isNull, lt, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { vehicleNumberReleases, vehicles } from '../../db/schema';

const otherRegistration = alias(vehicles, 'other_registration');

/** Records that a registration gave up `vehicleNumber` at `at` (renumbered away from it, or deleted). */
export async function recordNumberRelease(db: Db, vehicleNumber: string, at: Date): Promise<void> {
  await db
    .insert(vehicleNumberReleases)
    .values({ vehicleNumber, releasedAt: at })
    .onConflictDoUpdate({
      target: vehicleNumberReleases.vehicleNumber,
      set: { releasedAt: sql`greatest(${vehicleNumberReleases.releasedAt}, excluded.released_at)` },
    });
}

/** Deletes the records of numbers given up before `before`: they no longer restart any hold. */
export async function forgetReleasesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(vehicleNumberReleases).where(lt(vehicleNumberReleases.releasedAt, before));
}

/**
 * A registration (a row of `vehicles`) that has held its number since `since` or before, with no other
 * registration of the number now or since then: with no RC to prove who owns a plate, only such a
 * registration receives waiting notes, so whoever renumbers a vehicle through plates collects
 * nothing and the owner who keeps theirs does. A registration holds its number since its last
 * renumbering, else since it was added.
 */
export function heldAloneSince(db: Db, since: Date): SQL {
  const otherNow = db
    .select({ id: otherRegistration.id })
    .from(otherRegistration)
    .where(
      and(eq(otherRegistration.vehicleNumber, vehicles.vehicleNumber), ne(otherRegistration.id, vehicles.id)),
    );
  const otherSince = db
    .select({ vehicleNumber: vehicleNumberReleases.vehicleNumber })
    .from(vehicleNumberReleases)
    .where(
      and(
        eq(vehicleNumberReleases.vehicleNumber, vehicles.vehicleNumber),
        gt(vehicleNumberReleases.releasedAt, since),
      ),
    );
  return and(
    lte(vehicles.createdAt, since),
    or(isNull(vehicles.numberChangedAt), lte(vehicles.numberChangedAt, since)),
    notExists(otherNow),
    notExists(otherSince),
  ) as SQL;
}

/** The id of the registration that has held `vehicleNumber` alone since `since`, if there is one. */
export async function soleHolderSince(
  db: Db,
  vehicleNumber: string,
  since: Date,
): Promise<string | undefined> {
  const [holder] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.vehicleNumber, vehicleNumber), heldAloneSince(db, since)))
    .limit(1);
  return holder?.id;
}
