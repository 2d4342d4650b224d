import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, vehicles, type UserRow, type VehicleRow } from '../../db/schema';

export type OwnerSearch = (vehicleNumber: string) => Promise<{ vehicle: VehicleRow; owner: UserRow }[]>;

/**
 * The vehicle registered under a normalised number, with its owner; at most one (the number is
 * unique). The query is built once and prepared once per connection: it is the hottest read.
 */
export function ownerSearch(db: Db): OwnerSearch {
  const query = db
    .select({ vehicle: vehicles, owner: users })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(eq(vehicles.vehicleNumber, sql.placeholder('vehicleNumber')))
    .prepare('vehicle_with_owner_by_number');
  return (vehicleNumber) => query.execute({ vehicleNumber });
}
