/** GET /api/users/exportData: everything kept about the caller. */
import * as z from 'zod/mini';
import { user, vehicleList, serverNotification, replyKind, sentRequest } from './responses';
import { waitingNote } from './waiting-notes';

/** A request the user sent, as kept (GET /api/users/exportData). */
export const exportedSentRequest = z.object({
  _id: z.string(),
  kind: z.string(),
  vehicleNumber: z.nullable(z.string()),
  title: z.string(),
  content: z.string(),
  sentAt: z.string(),
  reply: sentRequest.shape.reply,
});

/** A request the user received, as their bell shows it, with their answer. */
export const exportedReceivedRequest = z.extend(serverNotification, {
  kind: z.string(),
  reply: sentRequest.shape.reply,
});

/** A wiper slip of the user's, with the note attached to it and the answer it got. */
export const exportedSlip = z.object({
  code: z.string(),
  createdAt: z.string(),
  attachedAt: z.nullable(z.string()),
  vehicleNumber: z.nullable(z.string()),
  note: z.nullable(z.string()),
  reply: z.nullable(z.object({ kind: replyKind, at: z.string() })),
});

/** A photo the user sent with a request: its request, its time and the rounded place. */
export const exportedPhoto = z.object({
  requestId: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

/** A windscreen card of one of the user's vehicles. */
export const exportedCard = z.object({
  vehicleId: z.string(),
  code: z.string(),
  createdAt: z.string(),
  endedAt: z.nullable(z.string()),
  pausedUntil: z.nullable(z.string()),
});

/** GET /api/users/exportData: everything kept about the caller (DPDP Act 2023, right to access). */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: user,
  vehicles: vehicleList,
  requestsSent: z.array(exportedSentRequest),
  requestsReceived: z.array(exportedReceivedRequest),
  sessions: z.array(z.object({ _id: z.string(), createdAt: z.string(), lastSeen: z.string() })),
  blocks: z.array(z.object({ blockedUserId: z.string(), createdAt: z.string() })),
  /** Notes the user left for numbers nobody had registered. */
  waitingNotes: z.optional(z.array(waitingNote)),
  /** The user's wiper slips, printed and attached. */
  slips: z.array(exportedSlip),
  /** The photos the user sent: where and when, not the picture. */
  photos: z.array(exportedPhoto),
  /** The requests the user marked a false alarm. */
  falseAlarmsReported: z.array(z.object({ requestId: z.string(), reportedAt: z.string() })),
  /** The pause strikes put on the user's number, if any, and the user's contest of it. */
  sendingPause: z.nullable(
    z.object({
      pausedAt: z.string(),
      pausedUntil: z.string(),
      contest: z.optional(z.object({ text: z.string(), at: z.string() })),
    }),
  ),
  /** The windscreen cards of the user's vehicles, live and ended. */
  cards: z.array(exportedCard),
});
export type AccountExport = z.infer<typeof accountExport>;
