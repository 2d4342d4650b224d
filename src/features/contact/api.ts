/**
 * SPEC §7: the two ways to reach a vehicle's owner. Both go through the outbox: with no network
 * they wait there (`queued`) instead of failing.
 */
import type { CallOwnerPayload, MessagePayload, NotificationPayload, ServerNotification } from '#common/api';
import { i18n } from '../../i18n/i18n';
import { apiClient } from '../../lib/api-client';
import { sendOrQueue, type SendResult } from '../../state/outbox-queue';

/** What the owner sees, which holds what the sender needs to follow the request. */
export type Created = Pick<ServerNotification, '_id' | 'content' | 'sentAt'>;

export function sendMessage(payload: MessagePayload, vehicleNumber: string): Promise<SendResult<Created>> {
  return sendOrQueue<Created>(
    { path: '/api/users/sendMessage', body: payload },
    i18n._('contact.outboxMessageLabel', { plate: vehicleNumber.toUpperCase() }),
  );
}

export function sendNotification(
  payload: NotificationPayload,
  vehicleNumber: string,
): Promise<SendResult<Created>> {
  return sendOrQueue<Created>(
    { path: '/api/users/sendNotification', body: payload },
    i18n._('contact.outboxNotificationLabel', { plate: vehicleNumber.toUpperCase() }),
  );
}

/** A masked call: the server rings the caller, then connects the owner. */
export function callOwner(payload: CallOwnerPayload): Promise<{ message: string }> {
  return apiClient<{ message: string }>('/api/users/callOwner', { method: 'POST', body: payload });
}
