import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  notifications,
  rcVerificationAttempts,
  users,
  vehicles,
  type NotificationRow,
  type VehicleRow,
} from '../../db/schema';
import { SYSTEM_KIND } from '../../lib/api-shapes';
import { tooManyRequests } from '../../lib/http-error';

const DAY_MS = 86_400_000;
export const VERIFY_ATTEMPTS_PER_DAY = 5;

export async function ownVehicle(db: Db, ownerId: string, id: string): Promise<VehicleRow | undefined> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId)))
    .limit(1);
  return vehicle;
}

/**
 * Counts one ownership check of this account and number, or refuses (429) past the daily cap.
 * Returns the attempt's id so a check the provider never answered can be given back.
 */
export async function claimAttempt(
  db: Db,
  userId: string,
  vehicleNumber: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [oldestCounted] = await tx
      .select({ attemptedAt: rcVerificationAttempts.attemptedAt })
      .from(rcVerificationAttempts)
      .where(
        and(
          eq(rcVerificationAttempts.userId, userId),
          eq(rcVerificationAttempts.vehicleNumber, vehicleNumber),
          gt(rcVerificationAttempts.attemptedAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .orderBy(desc(rcVerificationAttempts.attemptedAt))
      .offset(VERIFY_ATTEMPTS_PER_DAY - 1)
      .limit(1);
    if (oldestCounted) {
      const waitMs = oldestCounted.attemptedAt.getTime() + DAY_MS - now.getTime();
      throw tooManyRequests(
        (i18n) => i18n._('server.ownership.attemptLimit', { count: VERIFY_ATTEMPTS_PER_DAY }),
        waitMs / 1000,
      );
    }
    const [attempt] = await tx
      .insert(rcVerificationAttempts)
      .values({ userId, vehicleNumber, attemptedAt: now })
      .returning({ id: rcVerificationAttempts.id });
    if (!attempt) throw new Error('insert returned no row');
    return attempt.id;
  });
}

export async function giveBackAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(rcVerificationAttempts).where(eq(rcVerificationAttempts.id, attemptId));
}

export interface Verified {
  vehicle: VehicleRow;
  /** Bell notifications for the accounts whose registrations of the number stop being reachable. */
  superseded: NotificationRow[];
}

/**
 * Marks the registration proven. When it is the number's first proof, the other accounts'
 * unverified, non-household registrations stop being reachable and their owners are told.
 */
export async function markVerified(
  db: Db,
  vehicle: VehicleRow,
  verificationId: string,
  now: Date,
): Promise<Verified | undefined> {
  return db.transaction(async (tx) => {
    const [verified] = await tx
      .update(vehicles)
      .set({ verified: true, verifiedAt: now, verificationId, household: false })
      .where(and(eq(vehicles.id, vehicle.id), eq(vehicles.ownerId, vehicle.ownerId)))
      .returning();
    if (!verified) return undefined;
    const sameNumber = eq(vehicles.vehicleNumber, verified.vehicleNumber);
    const [earlierProof] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(sameNumber, eq(vehicles.verified, true), ne(vehicles.id, verified.id)))
      .limit(1);
    if (earlierProof) return { vehicle: verified, superseded: [] };
    const others = await tx
      .select({ id: vehicles.id, ownerId: vehicles.ownerId })
      .from(vehicles)
      .where(
        and(
          sameNumber,
          ne(vehicles.ownerId, verified.ownerId),
          eq(vehicles.verified, false),
          eq(vehicles.household, false),
        ),
      );
    if (others.length === 0) return { vehicle: verified, superseded: [] };
    const number = verified.vehicleNumber.toUpperCase();
    const superseded = await tx
      .insert(notifications)
      .values(
        others.map((other) => ({
          receiverId: other.ownerId,
          senderId: null,
          vehicleId: other.id,
          kind: SYSTEM_KIND,
          vehicleNumber: verified.vehicleNumber,
          title: 'Vehicle ownership verified',
          content: `The registered owner of ${number} verified that number against its RC. Your registration of it is no longer shown in searches unless the owner keeps you as a household member.`,
          sentAt: now,
        })),
      )
      .returning();
    return { vehicle: verified, superseded };
  });
}

/** The other accounts' unverified registrations of a number, with their names only. */
export function registrantsOf(db: Db, verified: VehicleRow) {
  return db
    .select({ _id: vehicles.id, name: users.name, household: vehicles.household })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(
      and(
        eq(vehicles.vehicleNumber, verified.vehicleNumber),
        ne(vehicles.ownerId, verified.ownerId),
        eq(vehicles.verified, false),
      ),
    )
    .orderBy(vehicles.createdAt, vehicles.id);
}

/** Keeps or releases another account's registration of the verified number; false when it is not one. */
export async function setHousehold(
  db: Db,
  verified: VehicleRow,
  registrationId: string,
  household: boolean,
): Promise<boolean> {
  const updated = await db
    .update(vehicles)
    .set({ household })
    .where(
      and(
        eq(vehicles.id, registrationId),
        eq(vehicles.vehicleNumber, verified.vehicleNumber),
        ne(vehicles.ownerId, verified.ownerId),
        eq(vehicles.verified, false),
      ),
    )
    .returning({ id: vehicles.id });
  return updated.length > 0;
}
