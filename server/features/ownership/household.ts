import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, vehicles, type VehicleRow } from '../../db/schema';
import { shownName } from '../../domain/api-shapes';
import { conflict } from '../../lib/http-error';
import { NO_PROOF } from './repository';

/** Every other account's registration of the verified number, verified or not, with names only, as they let them be seen. */
export async function registrantsOf(db: Db, verified: VehicleRow) {
  const rows = await db
    .select({
      _id: vehicles.id,
      name: users.name,
      nameVisible: users.nameVisible,
      verified: vehicles.verified,
      household: vehicles.household,
    })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(and(eq(vehicles.vehicleNumber, verified.vehicleNumber), ne(vehicles.ownerId, verified.ownerId)))
    .orderBy(desc(vehicles.verified), asc(vehicles.createdAt), asc(vehicles.id));
  return rows.map(({ _id, name, nameVisible, verified: isVerified, household }) => ({
    _id,
    name: shownName({ name, nameVisible }),
    verified: isVerified,
    household,
  }));
}

const otherRegistration = (verified: VehicleRow, registrationId: string) =>
  and(
    eq(vehicles.id, registrationId),
    eq(vehicles.vehicleNumber, verified.vehicleNumber),
    ne(vehicles.ownerId, verified.ownerId),
  );

/** Keeps another account's unverified registration of the verified number; false when it is not one. */
export async function keepHousehold(db: Db, verified: VehicleRow, registrationId: string): Promise<boolean> {
  const updated = await db
    .update(vehicles)
    .set({ household: true })
    .where(and(otherRegistration(verified, registrationId), eq(vehicles.verified, false)))
    .returning({ id: vehicles.id });
  return updated.length > 0;
}

/**
 * Releases another account's registration of the verified number, its proof included: it stops being
 * reachable. A proof stronger than the caller's (with the mobile number against one without) or
 * older at equal strength (the older proof stands) is not the caller's to release (409). False when
 * it is not a registration.
 */
export async function release(db: Db, verified: VehicleRow, registrationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [other] = await tx
      .select()
      .from(vehicles)
      .where(otherRegistration(verified, registrationId))
      .for('update');
    if (!other) return false;
    if (other.verified) {
      const stronger = other.mobileMatched && !verified.mobileMatched;
      const older =
        other.mobileMatched === verified.mobileMatched &&
        (other.verifiedAt?.getTime() ?? 0) <= (verified.verifiedAt?.getTime() ?? 0);
      if (stronger || older) throw conflict((i18n) => i18n._('server.ownership.strongerProof'));
    }
    await tx.update(vehicles).set(NO_PROOF).where(eq(vehicles.id, other.id));
    return true;
  });
}
