import { and, desc, eq } from 'drizzle-orm';
import type { VehicleType } from '#common/vehicle-types';
import type { Db } from '../../db/database';
import { vehicles, type VehicleRow } from '../../db/schema';

export interface NewVehicle {
  name: string;
  vehicleNumber: string;
  vehicleType: VehicleType;
  createdAt: Date;
}

/** Throws the database's unique violation when the number is already registered (by anyone). */
export async function insertVehicle(db: Db, ownerId: string, vehicle: NewVehicle): Promise<VehicleRow> {
  const [created] = await db
    .insert(vehicles)
    .values({ ownerId, ...vehicle })
    .returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export function vehiclesOf(db: Db, ownerId: string): Promise<VehicleRow[]> {
  return db
    .select()
    .from(vehicles)
    .where(eq(vehicles.ownerId, ownerId))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
}

/** Undefined when the vehicle does not exist or is not the owner's: both are "not found". */
export async function updateOwnVehicle(
  db: Db,
  ownerId: string,
  id: string,
  changes: { name?: string; vehicleNumber?: string },
): Promise<VehicleRow | undefined> {
  const [updated] = await db
    .update(vehicles)
    .set(changes)
    .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId)))
    .returning();
  return updated;
}

export async function deleteOwnVehicle(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId)))
    .returning({ id: vehicles.id });
  return deleted.length > 0;
}
