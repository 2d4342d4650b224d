/** The live channel, the push payload and the page-worker messages. */
import * as z from 'zod/mini';
import { language } from './responses';

// Live channel, push and the page-worker messages ----------------------------------------------

/** Data-only FCM / live-channel payload for a new notification. */
export const pushData = z.object({
  notificationId: z.string(),
  title: z.string(),
  body: z.string(),
  senderName: z.string(),
  sentAt: z.string(),
  /** Where a tap on the notification opens the app. */
  url: z.string(),
  /**
   * The request the push brings its receiver: the worker reports it delivered, and offers to answer
   * it unless the push is the service's own. Absent on a push that tells a sender of an answer.
   */
  requestId: z.optional(z.string()),
  /** Shown without sound or vibration: the receiver is in quiet hours. */
  silent: z.boolean(),
  /** The service's own notice, shown as from Vahan Contact; never set on a user's request. */
  system: z.optional(z.boolean()),
  /** The receiver's language, the push's own (its texts are written in it): for the reply buttons. */
  language: z.optional(language),
});
export type PushData = z.infer<typeof pushData>;

/** What the service worker posts to its pages when a push arrives while one is open. */
export const pushMessage = z.object({ type: z.literal('push'), data: pushData });
export type PushMessage = z.infer<typeof pushMessage>;
