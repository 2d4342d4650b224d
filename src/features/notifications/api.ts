/** SPEC §7, §8: fetching and clearing swallow their errors (a failure is only logged); blocking reports it. */
import type { FalseAlarmReported, ReplyPayload, ServerNotification } from '#common/api';
import type { SendResult } from '#common/outbox/send-or-keep';
import { apiClient, swallowErrors } from '../../lib/api-client';

export function fetchUnreadNotifications(): Promise<ServerNotification[] | undefined> {
  return swallowErrors(apiClient<ServerNotification[]>('/api/users/unreadNotifications'));
}

export async function clearNotificationsOnServer(): Promise<void> {
  await swallowErrors(apiClient('/api/users/clearAllNotifications', { method: 'POST' }));
}

/** Stops the sender of one of the user's notifications from contacting them; rejects on failure. */
export async function blockSender(notificationId: string): Promise<void> {
  await apiClient('/api/users/blockSender', { method: 'POST', body: { notificationId } });
}

/** Undoes blockSender for the sender of that notification; rejects on failure. */
export async function unblockSender(notificationId: string): Promise<void> {
  await apiClient('/api/users/unblockSender', { method: 'POST', body: { notificationId } });
}

/**
 * The receiver's one answer to a request, through the outbox: with no network it waits there and
 * is sent once the network returns. A failure with 409: the request was answered already.
 */
export async function replyToNotification(
  payload: ReplyPayload,
  label: string,
): Promise<SendResult<unknown>> {
  // The outbox code loads apart from the signed-in shell, which has a size budget.
  const { sendOrQueue } = await import('../../lib/outbox/outbox-queue');
  return sendOrQueue({ path: '/api/users/replyToNotification', body: payload }, label);
}

/** Tells the senders their requests were seen; a failure is only logged. */
export async function markNotificationsSeen(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await swallowErrors(apiClient('/api/users/notificationsSeen', { method: 'POST', body: { ids } }));
}

/**
 * Marks one of the user's requests a false alarm; it becomes a strike against its sender once the
 * seconds it resolves with have passed without `undoFalseAlarm`. Rejects on failure.
 */
export async function reportFalseAlarm(notificationId: string): Promise<number> {
  const reported = await apiClient<FalseAlarmReported>('/api/users/reportFalseAlarm', {
    method: 'POST',
    body: { notificationId },
  });
  return reported.undoSeconds;
}

/** Withdraws a false-alarm report while it can still be undone; rejects on failure (409: too late). */
export async function undoFalseAlarm(notificationId: string): Promise<void> {
  await apiClient('/api/users/undoFalseAlarm', { method: 'POST', body: { notificationId } });
}

/** A photo sent with a request, read with the session's token (an <img> could not send it). */
export function fetchPhoto(url: string): Promise<Blob> {
  return apiClient<Blob>(url, { binary: true });
}
