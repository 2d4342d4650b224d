import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { formatSlipCode } from '#common/slip-code';
import type { I18n } from '@lingui/core';
import type { AccountExport } from '#common/api';
import type { Db } from '../../db/database';
import {
  blocks,
  fallbackSteps,
  falseAlarms,
  requests,
  otpCodes,
  pendingFalseAlarms,
  requestImages,
  senderPauses,
  sessions,
  slips,
  users,
  vehicleCards,
  vehicles,
  type RequestRow,
  type SenderPauseRow,
  type SlipRow,
  type UserRow,
} from '../../db/schema';
import { toServerNotification, toUser, toVehicle } from '../../domain/api-shapes';
import { contentFor, titleFor } from '../../domain/requests/request-texts';
import { sendersById } from '../../domain/requests/senders';
import { pauseKey } from '../../domain/requests/send-rule/pause';
import { recordNumberRelease } from '../../domain/waiting-notes/holds';
import { toWaitingNote, waitingNotesOf } from '../../domain/waiting-notes/notes';
import { replyOf } from '../../domain/requests/sender-view';

/**
 * Erases an account: its row, and with it (by the foreign keys) its vehicles, sessions, device tokens,
 * blocks either way and the requests it received (a wiper slip's note stays the slip's); the one-time
 * codes of its phone. The requests it sent
 * stay with their receivers, from a sender that is no more. A running pause stays, under a hash of the
 * phone, until it ends (an account registered again with the number starts paused). Returns the ids
 * of the sessions that ended.
 */
export async function deleteAccount(
  db: Db,
  user: Pick<UserRow, 'id' | 'phone'>,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    const held = await tx
      .select({ vehicleNumber: vehicles.vehicleNumber })
      .from(vehicles)
      .where(eq(vehicles.ownerId, user.id));
    await tx.delete(otpCodes).where(eq(otpCodes.phone, user.phone));
    // The notes it left that reached nobody are its own; a delivered one stays with its receiver.
    await tx.delete(requests).where(and(eq(requests.senderId, user.id), isNull(requests.receiverId)));
    // A wiper slip's note it received is its sender's and stays the slip's, as if it had reached
    // nobody: it keeps the answer it had, without this account's words, receipts or fallback steps.
    const slipNotes = await tx
      .update(requests)
      .set({
        receiverId: null,
        vehicleId: null,
        readAt: null,
        deliveredAt: null,
        seenAt: null,
        reminderSentAt: null,
        replyText: null,
        expiresAt: null,
      })
      .where(and(eq(requests.receiverId, user.id), isNotNull(requests.slipId), isNotNull(requests.senderId)))
      .returning({ id: requests.id });
    if (slipNotes.length > 0) {
      await tx.delete(fallbackSteps).where(
        inArray(
          fallbackSteps.notificationId,
          slipNotes.map(({ id }) => id),
        ),
      );
    }
    await tx.delete(users).where(eq(users.id, user.id));
    // Its registrations go with it: each number given up restarts the waiting-note hold of another.
    for (const { vehicleNumber } of held) await recordNumberRelease(tx, vehicleNumber, now);
    return ended.map(({ id }) => id);
  });
}

const exportedSlip = (
  { slip, note }: { slip: SlipRow; note: RequestRow | null },
  i18n: I18n,
): AccountExport['slips'][number] => ({
  code: formatSlipCode(slip.code),
  createdAt: slip.createdAt.toISOString(),
  attachedAt: slip.attachedAt?.toISOString() ?? null,
  vehicleNumber: note?.vehicleNumber?.toUpperCase() ?? null,
  note: note ? contentFor(note, i18n) : null,
  reply: note ? replyOf(note) : null,
});

const exportedPause = (pause: SenderPauseRow): NonNullable<AccountExport['sendingPause']> => ({
  pausedAt: pause.pausedAt.toISOString(),
  pausedUntil: pause.pausedUntil.toISOString(),
  ...(pause.contestText !== null && pause.contestedAt !== null
    ? { contest: { text: pause.contestText, at: pause.contestedAt.toISOString() } }
    : {}),
});

/** Everything kept about the user, in their language (`i18n`); of others, only what the user was shown. */
export async function exportAccount(db: Db, user: UserRow, i18n: I18n, now: Date): Promise<AccountExport> {
  const [
    ownVehicles,
    sent,
    received,
    ownSessions,
    ownBlocks,
    ownNotes,
    ownSlips,
    photos,
    reported,
    pause,
    cards,
  ] = await Promise.all([
    db.select().from(vehicles).where(eq(vehicles.ownerId, user.id)).orderBy(asc(vehicles.createdAt)),
    db
      .select()
      .from(requests)
      .where(and(eq(requests.senderId, user.id), isNotNull(requests.receiverId)))
      .orderBy(desc(requests.sentAt), desc(requests.id)),
    db
      .select()
      .from(requests)
      .where(eq(requests.receiverId, user.id))
      .orderBy(desc(requests.sentAt), desc(requests.id)),
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt), desc(sessions.id)),
    db.select().from(blocks).where(eq(blocks.blockerId, user.id)).orderBy(asc(blocks.createdAt)),
    waitingNotesOf(db, user.id),
    db
      .select({ slip: slips, note: requests })
      .from(slips)
      .leftJoin(requests, eq(requests.slipId, slips.id))
      .where(eq(slips.ownerId, user.id))
      .orderBy(asc(slips.createdAt), asc(slips.code)),
    db
      .select({
        requestId: requestImages.notificationId,
        contentType: requestImages.contentType,
        createdAt: requestImages.createdAt,
        latitude: requestImages.latitude,
        longitude: requestImages.longitude,
      })
      .from(requestImages)
      .innerJoin(requests, eq(requests.id, requestImages.notificationId))
      .where(eq(requests.senderId, user.id))
      .orderBy(desc(requestImages.createdAt)),
    // Those that took effect, and those that may still be undone.
    db
      .select({ notificationId: falseAlarms.notificationId, reportedAt: falseAlarms.reportedAt })
      .from(falseAlarms)
      .where(eq(falseAlarms.receiverId, user.id))
      .unionAll(
        db
          .select({
            notificationId: pendingFalseAlarms.notificationId,
            reportedAt: pendingFalseAlarms.reportedAt,
          })
          .from(pendingFalseAlarms)
          .where(eq(pendingFalseAlarms.receiverId, user.id)),
      )
      .orderBy(desc(falseAlarms.reportedAt)),
    db
      .select()
      .from(senderPauses)
      .where(eq(senderPauses.phoneHash, pauseKey(user.phone))),
    db
      .select({ card: vehicleCards })
      .from(vehicleCards)
      .innerJoin(vehicles, eq(vehicles.id, vehicleCards.vehicleId))
      .where(eq(vehicles.ownerId, user.id))
      .orderBy(asc(vehicleCards.createdAt)),
  ]);
  const senders = await sendersById(
    db,
    received.map((row) => row.senderId),
  );
  return {
    exportedAt: now.toISOString(),
    profile: toUser(user),
    vehicles: ownVehicles.map(toVehicle),
    requestsSent: sent.map((row) => ({
      _id: row.id,
      kind: row.kind,
      vehicleNumber: row.vehicleNumber?.toUpperCase() ?? null,
      title: titleFor(row, i18n),
      content: contentFor(row, i18n),
      sentAt: row.sentAt.toISOString(),
      reply: replyOf(row),
    })),
    requestsReceived: received.map((row) => ({
      ...toServerNotification(row, (row.senderId ? senders.get(row.senderId) : undefined) ?? null, i18n),
      kind: row.kind,
      reply: replyOf(row),
    })),
    sessions: ownSessions.map((session) => ({
      _id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeen: session.lastSeen.toISOString(),
    })),
    blocks: ownBlocks.map((block) => ({
      blockedUserId: block.blockedId,
      createdAt: block.createdAt.toISOString(),
    })),
    waitingNotes: ownNotes.map((note) => toWaitingNote(note, now)),
    slips: ownSlips.map((slip) => exportedSlip(slip, i18n)),
    photos: photos.map((photo) => ({ ...photo, createdAt: photo.createdAt.toISOString() })),
    falseAlarmsReported: reported.map((alarm) => ({
      requestId: alarm.notificationId,
      reportedAt: alarm.reportedAt.toISOString(),
    })),
    sendingPause: pause[0] ? exportedPause(pause[0]) : null,
    cards: cards.map(({ card }) => ({
      vehicleId: card.vehicleId,
      code: card.code,
      createdAt: card.createdAt.toISOString(),
      endedAt: card.endedAt?.toISOString() ?? null,
      pausedUntil: card.pausedUntil?.toISOString() ?? null,
    })),
  };
}
