import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, vehicles, type UserRow, type VehicleRow } from '../../db/schema';

/** The vehicle registered under a normalised number, with its owner; at most one (the number is unique). */
export function vehiclesWithOwnerByNumber(
  db: Db,
  vehicleNumber: string,
): Promise<{ vehicle: VehicleRow; owner: UserRow }[]> {
  return db
    .select({ vehicle: vehicles, owner: users })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(eq(vehicles.vehicleNumber, vehicleNumber));
}
