import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  blocks,
  deviceTokens,
  idempotencyKeys,
  notifications,
  otpCodes,
  rcRecords,
  rcVerificationAttempts,
  registrationFlags,
  sessions,
  slips,
  users,
  vehicleChanges,
  vehicles,
  waitingNotes,
  vehicleCards,
  publicStatusTokens,
  requestImages,
  falseAlarms,
  senderPauses,
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
    rcRecordRows,
    slipRows,
    waitingNoteRows,
    cardRows,
    statusTokenRows,
    imageRows,
    falseAlarmRows,
    pauseRows,
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
    db.select().from(rcRecords).orderBy(asc(rcRecords.vehicleNumber)),
    db.select().from(slips).orderBy(asc(slips.id)),
    db.select().from(waitingNotes).orderBy(asc(waitingNotes.id)),
    db.select().from(vehicleCards).orderBy(asc(vehicleCards.id)),
    db.select().from(publicStatusTokens).orderBy(asc(publicStatusTokens.tokenHash)),
    db.select().from(requestImages).orderBy(asc(requestImages.id)),
    db.select().from(falseAlarms).orderBy(asc(falseAlarms.notificationId)),
    db.select().from(senderPauses).orderBy(asc(senderPauses.userId)),
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
    rcRecords: rcRecordRows,
    slips: slipRows,
    waitingNotes: waitingNoteRows,
    vehicleCards: cardRows,
    publicStatusTokens: statusTokenRows,
    requestImages: imageRows,
    falseAlarms: falseAlarmRows,
    senderPauses: pauseRows,
  };
}

export type TablesSnapshot = Awaited<ReturnType<typeof snapshotTables>>;
