import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { vehicleCards, vehicles } from '../../../db/schema';

/** The live card of the owner's vehicle and the vehicle's number; undefined when there is none to print. */
export async function ownCardToPrint(
  db: Db,
  ownerId: string,
  vehicleId: string,
): Promise<{ code: string; vehicleNumber: string } | undefined> {
  const [found] = await db
    .select({ code: vehicleCards.code, vehicleNumber: vehicles.vehicleNumber })
    .from(vehicleCards)
    .innerJoin(vehicles, eq(vehicles.id, vehicleCards.vehicleId))
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.ownerId, ownerId), isNull(vehicleCards.endedAt)));
  return found;
}
