import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  blocks,
  deviceTokens,
  idempotencyKeys,
  notifications,
  otpCodes,
  rcVerificationAttempts,
  registrationFlags,
  sessions,
  users,
  vehicleChanges,
  vehicles,
} from '../db/schema';

/** Every row of every table, in a stable order: equal snapshots mean nothing was written. */
export async function snapshotTables(db: Db) {
  const [
    userRows,
    sessionRows,
    codeRows,
    deviceRows,
    vehicleRows,
    notificationRows,
    blockRows,
    flagRows,
    idempotencyRows,
    changeRows,
    attemptRows,
  ] = await Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(sessions).orderBy(asc(sessions.tokenHash)),
    db.select().from(otpCodes).orderBy(asc(otpCodes.id)),
    db.select().from(deviceTokens).orderBy(asc(deviceTokens.token)),
    db.select().from(vehicles).orderBy(asc(vehicles.id)),
    db.select().from(notifications).orderBy(asc(notifications.id)),
    db.select().from(blocks).orderBy(asc(blocks.blockerId), asc(blocks.blockedId)),
    db
      .select()
      .from(registrationFlags)
      .orderBy(asc(registrationFlags.vehicleId), asc(registrationFlags.flaggedBy)),
    db.select().from(idempotencyKeys).orderBy(asc(idempotencyKeys.userId), asc(idempotencyKeys.key)),
    db.select().from(vehicleChanges).orderBy(asc(vehicleChanges.id)),
    db.select().from(rcVerificationAttempts).orderBy(asc(rcVerificationAttempts.id)),
  ]);
  return {
    users: userRows,
    sessions: sessionRows,
    otpCodes: codeRows,
    deviceTokens: deviceRows,
    vehicles: vehicleRows,
    notifications: notificationRows,
    blocks: blockRows,
    registrationFlags: flagRows,
    idempotencyKeys: idempotencyRows,
    vehicleChanges: changeRows,
    rcVerificationAttempts: attemptRows,
  };
}

export type TablesSnapshot = Awaited<ReturnType<typeof snapshotTables>>;
