/** Reads the data-only FCM payload the server sends (contract: pushData in common/api.ts). */
import * as z from 'zod/mini';
import type { PushData } from '#common/api';

/** SPEC §3: a local push notification's title defaults to 'New Notification'. */
export const DEFAULT_TITLE = 'New Notification';
export const DEFAULT_URL = '/dashboard';

/** A field that is missing or not a string reads as empty: a push must never show nothing. */
const text = z.catch(z.optional(z.string()), undefined);
const fields = z.catch(
  z.object({
    notificationId: text,
    title: text,
    body: text,
    senderName: text,
    sentAt: text,
    url: text,
    silent: z.catch(z.optional(z.union([z.string(), z.boolean()])), undefined),
  }),
  {},
);
/** FCM web delivers `{ data: {...}, from, fcmMessageId, ... }`; a plain `{...}` is read as the data itself. */
const envelope = z.object({ data: z.record(z.string(), z.unknown()) });

export function parsePushData(payload: unknown): PushData {
  const wrapped = z.safeParse(envelope, payload);
  const read = z.parse(fields, wrapped.success ? wrapped.data.data : payload);
  return {
    notificationId: read.notificationId ?? '',
    title: read.title || DEFAULT_TITLE,
    body: read.body ?? '',
    senderName: read.senderName ?? '',
    sentAt: read.sentAt ?? '',
    url: read.url || DEFAULT_URL,
    // FCM carries strings only; a payload written by hand may say `true`.
    silent: read.silent === 'true' || read.silent === true,
  };
}

/** A payload that is missing or not JSON still yields a notification: a push must never show nothing. */
export function readPushPayload(message: { json(): unknown } | null): PushData {
  if (message === null) return parsePushData(undefined);
  try {
    return parsePushData(message.json());
  } catch (error) {
    console.error('Push payload is not JSON', error);
    return parsePushData(undefined);
  }
}
