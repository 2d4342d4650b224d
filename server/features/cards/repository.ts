import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { vehicleCards, vehicles, type VehicleCardRow } from '../../db/schema';

/** 96 random bits, URL-safe: 16 characters nobody can guess or walk. */
const newCode = () => randomBytes(12).toString('base64url');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const live = (vehicleId: string) => and(eq(vehicleCards.vehicleId, vehicleId), isNull(vehicleCards.endedAt));

/**
 * Locks the owner's vehicle, so that the card changes of one vehicle run one after another; false when
 * the vehicle is not the owner's (or does not exist).
 */
async function lockOwnVehicle(tx: Tx, ownerId: string, vehicleId: string): Promise<boolean> {
  const [own] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.ownerId, ownerId)))
    .for('no key update');
  return own !== undefined;
}

async function insertCard(tx: Tx, vehicleId: string, now: Date): Promise<VehicleCardRow> {
  const [card] = await tx
    .insert(vehicleCards)
    .values({ vehicleId, code: newCode(), createdAt: now })
    .returning();
  if (!card) throw new Error('insert returned no card');
  return card;
}

async function endLiveCard(tx: Tx, vehicleId: string, now: Date): Promise<void> {
  await tx.update(vehicleCards).set({ endedAt: now }).where(live(vehicleId));
}

/** The vehicle's live card, made now (`created`) when it has none; undefined when it is not the owner's. */
export async function liveCardOrNew(
  db: Db,
  ownerId: string,
  vehicleId: string,
  now: Date,
): Promise<{ card: VehicleCardRow; created: boolean } | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnVehicle(tx, ownerId, vehicleId))) return undefined;
    const [existing] = await tx.select().from(vehicleCards).where(live(vehicleId));
    if (existing) return { card: existing, created: false };
    return { card: await insertCard(tx, vehicleId, now), created: true };
  });
}

/** Ends the vehicle's live card (its code stops working at once) and makes a new one. */
export async function rotateCard(
  db: Db,
  ownerId: string,
  vehicleId: string,
  now: Date,
): Promise<VehicleCardRow | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnVehicle(tx, ownerId, vehicleId))) return undefined;
    await endLiveCard(tx, vehicleId, now);
    return insertCard(tx, vehicleId, now);
  });
}

/** Turns the vehicle's card off for good; false when the vehicle is not the owner's. */
export async function endCard(db: Db, ownerId: string, vehicleId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnVehicle(tx, ownerId, vehicleId))) return false;
    await endLiveCard(tx, vehicleId, now);
    return true;
  });
}

/** Pauses the owner's live card of the vehicle until `until` (null: resumes it); undefined when there is none. */
export async function pauseCard(
  db: Db,
  ownerId: string,
  vehicleId: string,
  until: Date | null,
): Promise<VehicleCardRow | undefined> {
  const [paused] = await db
    .update(vehicleCards)
    .set({ pausedUntil: until })
    .where(
      and(
        live(vehicleId),
        sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${vehicleId} and ${vehicles.ownerId} = ${ownerId})`,
      ),
    )
    .returning();
  return paused;
}

/** The live card with this code; undefined for an unknown, rotated or turned-off one. */
export async function liveCardByCode(db: Db, code: string): Promise<VehicleCardRow | undefined> {
  const [card] = await db
    .select()
    .from(vehicleCards)
    .where(and(eq(vehicleCards.code, code), isNull(vehicleCards.endedAt)));
  return card;
}
