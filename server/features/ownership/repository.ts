import { and, desc, eq, gt, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  rcVerificationAttempts,
  users,
  vehicles,
  type ReceivedRequestRow,
  type VehicleRow,
} from '../../db/schema';
import { storeSupersededNotices } from '../../domain/requests/system-notices';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { rcCheckInFlight } from '../../domain/ownership/rc-check-window';
import { forgetDayOldRecords } from './rc-records';
import { RC_CHECK_WINDOW_MS } from '../../limits/cap-windows';
import { DAY_MS } from '#common/durations';

export async function ownVehicle(db: Db, ownerId: string, id: string): Promise<VehicleRow | undefined> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId)))
    .limit(1);
  return vehicle;
}

export interface Claimed {
  attemptId: string;
  /** The number as it was when the check started: the only one the answer can prove. */
  vehicleNumber: string;
}

/**
 * Starts one ownership check of the account's registration: refuses a number changed within a day
 * (409), a registration already being checked (409) and a check past the account's daily cap (429,
 * every plate together); else counts the check and marks the registration as being checked, so its
 * number cannot change until the check ends. The account's row is locked, as renumbering locks it.
 */
export async function claimCheck(
  db: Db,
  userId: string,
  vehicleId: string,
  perUserDay: number,
  now: Date,
): Promise<Claimed> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const own = and(eq(vehicles.id, vehicleId), eq(vehicles.ownerId, userId));
    const [vehicle] = await tx.select().from(vehicles).where(own);
    if (!vehicle) throw notFound((i18n) => i18n._('server.vehicleNotFound'));
    if (vehicle.numberChangedAt && now.getTime() - vehicle.numberChangedAt.getTime() < DAY_MS) {
      throw conflict((i18n) => i18n._('server.ownership.recentlyRenumbered'));
    }
    if (rcCheckInFlight(vehicle.rcCheckStartedAt, now)) {
      throw conflict((i18n) => i18n._('server.ownership.checkInProgress'));
    }
    const [oldestCounted] = await tx
      .select({ attemptedAt: rcVerificationAttempts.attemptedAt })
      .from(rcVerificationAttempts)
      .where(
        and(
          eq(rcVerificationAttempts.userId, userId),
          gt(rcVerificationAttempts.attemptedAt, new Date(now.getTime() - RC_CHECK_WINDOW_MS)),
        ),
      )
      .orderBy(desc(rcVerificationAttempts.attemptedAt))
      .offset(perUserDay - 1)
      .limit(1);
    if (oldestCounted) {
      const waitMs = oldestCounted.attemptedAt.getTime() + RC_CHECK_WINDOW_MS - now.getTime();
      throw tooManyRequests(
        (i18n) => i18n._('server.ownership.checkLimit', { count: perUserDay }),
        waitMs / 1000,
      );
    }
    const [attempt] = await tx
      .insert(rcVerificationAttempts)
      .values({ userId, vehicleNumber: vehicle.vehicleNumber, attemptedAt: now })
      .returning({ id: rcVerificationAttempts.id });
    if (!attempt) throw new Error('insert returned no row');
    await tx.update(vehicles).set({ rcCheckStartedAt: now }).where(own);
    return { attemptId: attempt.id, vehicleNumber: vehicle.vehicleNumber };
  });
}

/** The check is over without a proof: the registration can be renumbered again. */
export async function endCheck(db: Db, vehicleId: string): Promise<void> {
  await db.update(vehicles).set({ rcCheckStartedAt: null }).where(eq(vehicles.id, vehicleId));
}

/** A check the provider never answered does not count against the account. */
export async function giveBackAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(rcVerificationAttempts).where(eq(rcVerificationAttempts.id, attemptId));
}

export interface Verified {
  vehicle: VehicleRow;
  /** Bell notifications for the accounts whose registrations of the number stop being reachable. */
  superseded: ReceivedRequestRow[];
}

export interface Proof {
  vehicleId: string;
  ownerId: string;
  /** The number the provider was asked about. */
  vehicleNumber: string;
  verificationId: string;
  mobileMatched: boolean;
}

/** A registration's columns once it holds no proof of ownership. */
export const NO_PROOF = {
  verified: false,
  verifiedAt: null,
  verificationId: null,
  mobileMatched: false,
  household: false,
} as const;

/**
 * Marks the registration proven, only while its number is still the one checked (else 409, nothing
 * verified). A proof whose record carried the owner's mobile number supersedes the number's earlier
 * proofs that had none; an earlier proof as strong as this one stands, and this one is refused (409:
 * the claimant disputes it through the grievance contact), or two accounts could evict each other
 * forever. On the number's first proof, the other accounts' unverified, non-household registrations
 * stop being reachable. The owners who lose out are told.
 */
export async function markVerified(db: Db, proof: Proof, now: Date): Promise<Verified> {
  return db.transaction(async (tx) => {
    const own = and(eq(vehicles.id, proof.vehicleId), eq(vehicles.ownerId, proof.ownerId));
    const [verified] = await tx
      .update(vehicles)
      .set({
        verified: true,
        verifiedAt: now,
        verificationId: proof.verificationId,
        mobileMatched: proof.mobileMatched,
        proofExpired: false,
        household: false,
        rcCheckStartedAt: null,
      })
      .where(and(own, eq(vehicles.vehicleNumber, proof.vehicleNumber)))
      .returning();
    if (!verified) {
      const [still] = await tx.select({ id: vehicles.id }).from(vehicles).where(own);
      if (!still) throw notFound((i18n) => i18n._('server.vehicleNotFound'));
      throw conflict((i18n) => i18n._('server.ownership.numberChanged'));
    }
    const sameNumber = eq(vehicles.vehicleNumber, verified.vehicleNumber);
    const earlierProofs = await tx
      .select({ id: vehicles.id, ownerId: vehicles.ownerId, mobileMatched: vehicles.mobileMatched })
      .from(vehicles)
      .where(and(sameNumber, eq(vehicles.verified, true), ne(vehicles.id, verified.id)));
    if (earlierProofs.length > 0) {
      const weaker = proof.mobileMatched ? earlierProofs.filter((other) => !other.mobileMatched) : [];
      if (weaker.length < earlierProofs.length) {
        throw conflict((i18n) => i18n._('server.ownership.verifiedByAnother'));
      }
      await tx
        .update(vehicles)
        .set(NO_PROOF)
        .where(
          inArray(
            vehicles.id,
            weaker.map((other) => other.id),
          ),
        );
      return {
        vehicle: verified,
        superseded: await storeSupersededNotices(tx, verified.vehicleNumber, weaker, now),
      };
    }
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
    return {
      vehicle: verified,
      superseded: await storeSupersededNotices(tx, verified.vehicleNumber, others, now),
    };
  });
}

/**
 * The periodic sweep: forgets the RC records older than a day, and lapses the proofs older than
 * `proofDays` (their owners are asked in the app to verify again). Returns the proofs lapsed.
 */
export async function sweepOwnership(db: Db, proofDays: number, now: Date): Promise<number> {
  await forgetDayOldRecords(db, now);
  const expired = await db
    .update(vehicles)
    .set({ ...NO_PROOF, proofExpired: true })
    .where(
      and(
        eq(vehicles.verified, true),
        isNotNull(vehicles.verifiedAt),
        lte(vehicles.verifiedAt, new Date(now.getTime() - proofDays * DAY_MS)),
      ),
    )
    .returning({ id: vehicles.id });
  return expired.length;
}
