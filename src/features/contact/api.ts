/** SPEC §7: the two ways to reach a vehicle's owner. */
import type { MessagePayload, NotificationPayload, ServerNotification } from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

type Created = Pick<ServerNotification, '_id'>;

export function sendMessage(payload: MessagePayload): Promise<Created> {
  return apiClient<Created>('/api/users/sendMessage', { method: 'POST', body: payload });
}

/** SPEC §8: this call swallows its errors; `undefined` means it failed. */
export function sendNotification(payload: NotificationPayload): Promise<Created | undefined> {
  return swallowErrors(apiClient<Created>('/api/users/sendNotification', { method: 'POST', body: payload }));
}
