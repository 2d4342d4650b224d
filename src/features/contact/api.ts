/**
 * SPEC §7: the ways to reach a vehicle's owner. Messages, notifications and photos go through the
 * outbox: with no network they wait there (`queued`) instead of failing.
 */
import type { CallOwnerPayload, MessagePayload, NotificationPayload, SendResponse } from '#common/api';
import { i18n } from '../../i18n/i18n';
import { apiClient } from '../../lib/api-client';
import type { PhotoPayload } from '#common/outbox/outbox';
import type { SendResult } from '#common/outbox/send-or-keep';
import { sendOrQueue } from '../../lib/outbox/outbox-queue';

export function sendMessage(
  payload: MessagePayload,
  vehicleNumber: string,
): Promise<SendResult<SendResponse>> {
  return sendOrQueue<SendResponse>(
    { path: '/api/users/sendMessage', body: payload },
    i18n._('contact.outboxMessageLabel', { plate: vehicleNumber.toUpperCase() }),
  );
}

export function sendNotification(
  payload: NotificationPayload,
  vehicleNumber: string,
): Promise<SendResult<SendResponse>> {
  return sendOrQueue<SendResponse>(
    { path: '/api/users/sendNotification', body: payload },
    i18n._('contact.outboxNotificationLabel', { plate: vehicleNumber.toUpperCase() }),
  );
}

/** A photo as proof, shrunk on the device; with no network it waits in the outbox, photo and all. */
export function sendImage(payload: PhotoPayload, vehicleNumber: string): Promise<SendResult<SendResponse>> {
  return sendOrQueue<SendResponse>(
    { path: '/api/users/sendImage', body: payload },
    i18n._('contact.outboxPhotoLabel', { plate: vehicleNumber.toUpperCase() }),
  );
}

/** A masked call: the server rings the caller, then connects the owner. */
export function callOwner(payload: CallOwnerPayload): Promise<{ message: string }> {
  return apiClient<{ message: string }>('/api/users/callOwner', { method: 'POST', body: payload });
}
