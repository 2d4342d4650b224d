/**
 * A tap on one of a request's notification actions: the worker sends the answer itself, with no
 * page open, through the outbox (so an answer tapped with no signal is sent once the signal
 * returns), and replaces the notification with a short confirmation (same tag).
 */
import { createClient, HttpError } from '#common/http';
import { newOutboxItem, registerOutboxSync } from '#common/outbox/outbox';
import { answerLabel } from '#common/outbox/outcome-text';
import { sendOrKeep } from '#common/outbox/send-or-keep';
import { NOTIFICATION_ICON } from '#common/push-notification';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import type { Language } from '#common/languages';
import type { WorkerSession } from '#common/worker-store';
import { textsFor } from './i18n/texts';

interface AnswerScope {
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
}

interface AnswerDeps {
  session(): Promise<WorkerSession | null>;
  /** The signed-in user's language, which the confirmation speaks. */
  language(): Promise<Language>;
  fetch: typeof fetch;
  now(): number;
}

export const isReplyKind = (action: string): action is ReplyKind =>
  (REPLY_KINDS as readonly string[]).includes(action);

const clientOf = (session: WorkerSession, deps: AnswerDeps) =>
  createClient({ token: () => session.token, fetch: deps.fetch });

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
  const [session, i18n] = await Promise.all([deps.session(), deps.language().then(textsFor)]);
  if (session === null) return show(i18n._('sw.signInToAnswer'));
  const request = {
    path: '/api/users/replyToNotification',
    body: { notificationId: notification.data.requestId, kind },
  } as const;
  const item = newOutboxItem(session.userId, request, answerLabel(i18n, kind), deps.now());
  const result = await sendOrKeep(item, clientOf(session, deps), false);
  const label = replyLabel(i18n, kind);
  if (result.kind === 'sent') return show(i18n._('sw.answerSent', { label }), i18n._('sw.answerSentBody'));
  if (result.kind === 'queued') {
    await registerOutboxSync(scope.registration);
    return show(i18n._('sw.answerQueued', { label }), i18n._('sw.answerQueuedBody'));
  }
  if (result.error instanceof HttpError && result.error.status === 409)
    return show(i18n._('sw.answerAlready'));
  return show(i18n._('sw.answerFailed'), i18n._('sw.answerFailedBody'));
}

/**
 * A request's push the worker showed: its sender learns it was delivered, and its fallback SMS is not
 * sent. Best effort, never throws.
 */
export async function markDeliveredFromPush(requestId: string, deps: AnswerDeps): Promise<void> {
  try {
    const session = await deps.session();
    if (session === null) return;
    await clientOf(session, deps)('/api/users/notificationsDelivered', {
      method: 'POST',
      body: { ids: [requestId] },
    });
  } catch (error) {
    console.error('Could not report the request delivered', error);
  }
}

/** A click on the notification itself: its sender learns it was seen. Best effort, never throws. */
export async function markSeenFromNotification(requestId: string, deps: AnswerDeps): Promise<void> {
  try {
    const session = await deps.session();
    if (session === null) return;
    await clientOf(session, deps)('/api/users/notificationsSeen', {
      method: 'POST',
      body: { ids: [requestId] },
    });
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
