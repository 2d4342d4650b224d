import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { registrationFlags } from '../../db/schema';

/**
 * Distinct senders told "Not my vehicle" about one registration after which it stops being reachable
 * (search does not find it, messages to it are refused) until its owner confirms or edits it.
 */
export const FLAGS_TO_HIDE_REGISTRATION = 3;

/** True for a registration that enough senders were told is not the owner's vehicle. */
export const registrationHidden = (vehicleId: AnyColumn | SQL): SQL =>
  sql`(select count(*) from ${registrationFlags} where ${registrationFlags.vehicleId} = ${vehicleId}) >= ${FLAGS_TO_HIDE_REGISTRATION}`;

export async function flagRegistration(
  db: Db,
  vehicleId: string,
  flaggedBy: string,
  now: Date,
): Promise<void> {
  await db.insert(registrationFlags).values({ vehicleId, flaggedBy, createdAt: now }).onConflictDoNothing();
}

/** The owner confirmed or edited the registration: earlier flags no longer count. */
export async function clearRegistrationFlags(db: Db, vehicleId: string): Promise<void> {
  await db.delete(registrationFlags).where(eq(registrationFlags.vehicleId, vehicleId));
}
