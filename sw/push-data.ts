/** Reads the data-only FCM payload the server sends (contract: PushData in common/api.ts). */
import type { PushData } from '#common/api';

/** SPEC §3: a local push notification's title defaults to 'New Notification'. */
export const DEFAULT_TITLE = 'New Notification';
export const DEFAULT_URL = '/dashboard';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

const text = (fields: Fields, key: keyof PushData): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};

/** FCM web delivers `{ data: {...}, from, fcmMessageId, ... }`; a plain `{...}` is read as the data itself. */
export function parsePushData(payload: unknown): PushData {
  const fields = isObject(payload) ? (isObject(payload.data) ? payload.data : payload) : {};
  return {
    notificationId: text(fields, 'notificationId'),
    title: text(fields, 'title') || DEFAULT_TITLE,
    body: text(fields, 'body'),
    senderName: text(fields, 'senderName'),
    sentAt: text(fields, 'sentAt'),
    url: text(fields, 'url') || DEFAULT_URL,
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
