import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { VehicleType } from '#common/vehicle-types';
import type { Db } from '../../db/database';
import { users, vehicleChanges, vehicles, type VehicleRow } from '../../db/schema';
import { conflict, tooManyRequests } from '../../lib/http-error';
import { rcCheckInFlight } from '../../domain/ownership/rc-check-window';
import { VEHICLE_CHANGE_WINDOW_MS } from '../../limits/cap-windows';
import { recordNumberRelease } from '../../domain/waiting-notes/holds';

export interface NewVehicle {
  name: string;
  vehicleNumber: string;
  vehicleType: VehicleType;
  createdAt: Date;
}

export interface VehicleLimits {
  perUser: number;
  changesPerHour: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the account so its concurrent adds and changes are counted one after another. */
async function lockAccount(tx: Tx, ownerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

/** Refuses (429) when the account made its hourly share of adds and number changes; else records one. */
async function recordChange(tx: Tx, ownerId: string, limits: VehicleLimits, now: Date) {
  const [oldestCounted] = await tx
    .select({ changedAt: vehicleChanges.changedAt })
    .from(vehicleChanges)
    .where(
      and(
        eq(vehicleChanges.userId, ownerId),
        gt(vehicleChanges.changedAt, new Date(now.getTime() - VEHICLE_CHANGE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(vehicleChanges.changedAt))
    .offset(limits.changesPerHour - 1)
    .limit(1);
  if (oldestCounted) {
    const waitMs = oldestCounted.changedAt.getTime() + VEHICLE_CHANGE_WINDOW_MS - now.getTime();
    throw tooManyRequests(
      (i18n) => i18n._('server.vehicles.changeLimit', { count: limits.changesPerHour }),
      waitMs / 1000,
    );
  }
  await tx.insert(vehicleChanges).values({ userId: ownerId, changedAt: now });
}

/**
 * Adds a registration within the account's caps. Throws the database's unique violation when the
 * account already registered this number; other accounts' registrations of it do not matter.
 */
export async function insertVehicle(
  db: Db,
  ownerId: string,
  vehicle: NewVehicle,
  limits: VehicleLimits,
): Promise<VehicleRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, ownerId);
    const [held] = await tx.select({ n: count() }).from(vehicles).where(eq(vehicles.ownerId, ownerId));
    if ((held?.n ?? 0) >= limits.perUser) {
      throw conflict((i18n) => i18n._('server.vehicles.countLimit', { count: limits.perUser }));
    }
    await recordChange(tx, ownerId, limits, vehicle.createdAt);
    const [created] = await tx
      .insert(vehicles)
      .values({ ownerId, ...vehicle })
      .returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  });
}

/** At most `limit` of the owner's vehicles, newest first. */
/** The owner's vehicles, newest first: built and prepared once, as every dashboard load reads them. */
export function preparedVehiclesOf(db: Db, limit: number): (ownerId: string) => Promise<VehicleRow[]> {
  const query = db
    .select()
    .from(vehicles)
    .where(eq(vehicles.ownerId, sql.placeholder('ownerId')))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(limit)
    .prepare('vehicles_of_owner');
  return (ownerId) => query.execute({ ownerId });
}

/**
 * Undefined when the vehicle does not exist or is not the owner's: both are "not found". A new number
 * counts against the hourly cap and drops the proof of ownership, which was for the old number; it is
 * refused (409) while the registration is being checked against its RC, whose answer is for the old one.
 */
export async function updateOwnVehicle(
  db: Db,
  ownerId: string,
  id: string,
  changes: { name?: string; vehicleNumber?: string },
  limits: VehicleLimits,
  now: Date,
): Promise<VehicleRow | undefined> {
  return db.transaction(async (tx) => {
    const own = and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId));
    await lockAccount(tx, ownerId);
    const [current] = await tx
      .select({ vehicleNumber: vehicles.vehicleNumber, rcCheckStartedAt: vehicles.rcCheckStartedAt })
      .from(vehicles)
      .where(own);
    if (!current) return undefined;
    const renumbering =
      changes.vehicleNumber !== undefined && changes.vehicleNumber !== current.vehicleNumber;
    if (renumbering && rcCheckInFlight(current.rcCheckStartedAt, now)) {
      throw conflict((i18n) => i18n._('server.vehicles.checkInProgress'));
    }
    if (renumbering) {
      await recordChange(tx, ownerId, limits, now);
      await recordNumberRelease(tx, current.vehicleNumber, now);
    }
    const renumbered = {
      verified: false,
      verifiedAt: null,
      verificationId: null,
      mobileMatched: false,
      proofExpired: false,
      household: false,
      numberChangedAt: now,
    };
    const [updated] = await tx
      .update(vehicles)
      .set(renumbering ? { ...changes, ...renumbered } : changes)
      .where(own)
      .returning();
    return updated;
  });
}

/** Deletes the owner's vehicle, recording that its number was given up then; false when not theirs. */
export async function deleteOwnVehicle(db: Db, ownerId: string, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId)))
      .returning({ vehicleNumber: vehicles.vehicleNumber });
    if (!deleted) return false;
    await recordNumberRelease(tx, deleted.vehicleNumber, now);
    return true;
  });
}
