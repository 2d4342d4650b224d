import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  blocks,
  deviceTokens,
  notifications,
  otpCodes,
  registrations,
  sessions,
  users,
  vehicles,
} from '../db/schema';

/** Every row of every table, in a stable order: equal snapshots mean nothing was written. */
export async function snapshotTables(db: Db) {
  const [
    userRows,
    registrationRows,
    sessionRows,
    codeRows,
    deviceRows,
    vehicleRows,
    notificationRows,
    blockRows,
  ] = await Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(registrations).orderBy(asc(registrations.phone)),
    db.select().from(sessions).orderBy(asc(sessions.tokenHash)),
    db.select().from(otpCodes).orderBy(asc(otpCodes.id)),
    db.select().from(deviceTokens).orderBy(asc(deviceTokens.token)),
    db.select().from(vehicles).orderBy(asc(vehicles.id)),
    db.select().from(notifications).orderBy(asc(notifications.id)),
    db.select().from(blocks).orderBy(asc(blocks.blockerId), asc(blocks.blockedId)),
  ]);
  return {
    users: userRows,
    registrations: registrationRows,
    sessions: sessionRows,
    otpCodes: codeRows,
    deviceTokens: deviceRows,
    vehicles: vehicleRows,
    notifications: notificationRows,
    blocks: blockRows,
  };
}

export type TablesSnapshot = Awaited<ReturnType<typeof snapshotTables>>;
