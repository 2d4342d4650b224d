import type { PushData, ServerNotification } from '#common/api';

/**
 * Delivers a stored notification to its receiver's open apps (live channel) and devices (push).
 * `publish` never throws and never waits for delivery: the API answers as soon as the row is stored.
 */
export interface NotificationBus {
  publish(receiverId: string, notification: ServerNotification, push: PushData): void;
}
