/** SPEC §7, §8: both calls swallow their errors; a failure is only logged. */
import type { ServerNotification } from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

export function fetchUnreadNotifications(): Promise<ServerNotification[] | undefined> {
  return swallowErrors(apiClient<ServerNotification[]>('/api/users/unreadNotifications'));
}

export async function clearNotificationsOnServer(): Promise<void> {
  await swallowErrors(apiClient('/api/users/clearAllNotifications', { method: 'POST' }));
}
