/** SPEC §7, §8: fetching and clearing swallow their errors (a failure is only logged); blocking reports it. */
import type { ServerNotification } from '#common/api';
import type { ReplyPayload } from '#common/api';
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

/** The receiver's one answer to a request; rejects on failure (409: it was answered already). */
export async function replyToNotification(payload: ReplyPayload): Promise<void> {
  await apiClient('/api/users/replyToNotification', { method: 'POST', body: payload });
}

/** Tells the senders their requests were seen; a failure is only logged. */
export async function markNotificationsSeen(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await swallowErrors(apiClient('/api/users/notificationsSeen', { method: 'POST', body: { ids } }));
}
