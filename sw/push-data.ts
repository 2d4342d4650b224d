/** Reads the data-only FCM payload the server sends (contract: pushData in common/api.ts). */
import * as z from 'zod/mini';
import type { PushData } from '#common/api';
import { isLanguage, type Language } from '#common/languages';
import { textsFor } from './i18n/texts';

export const DEFAULT_URL = '/dashboard';

/** A push as the worker shows it: in the receiver's language, the one the server wrote it in. */
export type WorkerPush = PushData & { language: Language };

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
    requestId: text,
    silent: z.catch(z.optional(z.union([z.string(), z.boolean()])), undefined),
    system: z.catch(z.optional(z.union([z.string(), z.boolean()])), undefined),
    language: text,
  }),
  {},
);
/** FCM web delivers `{ data: {...}, from, fcmMessageId, ... }`; a plain `{...}` is read as the data itself. */
const envelope = z.object({ data: z.record(z.string(), z.unknown()) });

/**
 * `sessionLanguage`: the signed-in user's, for a push that does not name its language. SPEC §3: the
 * title defaults to 'New Notification' (in that language).
 */
export function parsePushData(payload: unknown, sessionLanguage: Language = 'en'): WorkerPush {
  const wrapped = z.safeParse(envelope, payload);
  const read = z.parse(fields, wrapped.success ? wrapped.data.data : payload);
  const language = isLanguage(read.language) ? read.language : sessionLanguage;
  const i18n = textsFor(language);
  return {
    language,
    notificationId: read.notificationId ?? '',
    title: read.title || i18n._('sw.newNotification'),
    body: read.body ?? '',
    senderName: read.senderName ?? '',
    sentAt: read.sentAt ?? '',
    url: read.url || DEFAULT_URL,
    ...(read.requestId ? { requestId: read.requestId } : {}),
    // FCM carries strings only; a payload written by hand may say `true`.
    silent: read.silent === 'true' || read.silent === true,
    system: read.system === 'true' || read.system === true,
  };
}

/** A payload that is missing or not JSON still yields a notification: a push must never show nothing. */
export function readPushPayload(
  message: { json(): unknown } | null,
  sessionLanguage: Language = 'en',
): WorkerPush {
  if (message === null) return parsePushData(undefined, sessionLanguage);
  try {
    return parsePushData(message.json(), sessionLanguage);
  } catch (error) {
    console.error('Push payload is not JSON', error);
    return parsePushData(undefined, sessionLanguage);
  }
}
