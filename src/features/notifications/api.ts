/** SPEC §7, §8: fetching and clearing swallow their errors (a failure is only logged); blocking reports it. */
import type { ServerNotification } from '#common/api';
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
