/**
 * A tap on one of a request's notification actions: the worker sends the answer itself, with no
 * page open, and replaces the notification with a short confirmation (same tag).
 */
import { NOTIFICATION_ICON } from '#common/push-notification';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import type { Language } from '#common/languages';
import { textsFor } from './i18n/texts';

export interface AnswerScope {
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
}

export interface AnswerDeps {
  token(): Promise<string | null>;
  /** The signed-in user's language, which the confirmation speaks. */
  language(): Promise<Language>;
  fetch: typeof fetch;
}

export const isReplyKind = (action: string): action is ReplyKind =>
  (REPLY_KINDS as readonly string[]).includes(action);

const post = (deps: AnswerDeps, token: string, path: string, body: object) =>
  deps.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

export async function answerFromNotification(
  kind: ReplyKind,
  notification: { tag: string; data: { url: string; requestId: string } },
  scope: AnswerScope,
  deps: AnswerDeps,
): Promise<void> {
  const show = (title: string, body = '') =>
    scope.registration.showNotification(title, {
      body,
      tag: notification.tag,
      icon: NOTIFICATION_ICON,
      data: { url: notification.data.url },
    });
  const [token, i18n] = await Promise.all([deps.token(), deps.language().then(textsFor)]);
  if (token === null) return show(i18n._('sw.signInToAnswer'));
  let status: number;
  try {
    const response = await post(deps, token, '/api/users/replyToNotification', {
      notificationId: notification.data.requestId,
      kind,
    });
    status = response.status;
  } catch {
    status = 0;
  }
  if (status === 201) {
    return show(i18n._('sw.answerSent', { label: replyLabel(i18n, kind) }), i18n._('sw.answerSentBody'));
  }
  if (status === 409) return show(i18n._('sw.answerAlready'));
  return show(i18n._('sw.answerFailed'), i18n._('sw.answerFailedBody'));
}

/** A click on the notification itself: its sender learns it was seen. Best effort, never throws. */
export async function markSeenFromNotification(requestId: string, deps: AnswerDeps): Promise<void> {
  try {
    const token = await deps.token();
    if (token !== null) await post(deps, token, '/api/users/notificationsSeen', { ids: [requestId] });
  } catch (error) {
    console.error('Could not mark the request seen', error);
  }
}

/** The request id a notification's data names, when it can be answered. */
export function requestIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { requestId } = data as { requestId?: unknown };
  return typeof requestId === 'string' && requestId !== '' ? requestId : null;
}
