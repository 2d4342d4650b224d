/**
 * The system notification for a push, shown by the service worker (no visible page) or by the page
 * (foreground, SPEC §4). Both use this so the tag, the notification's id, makes one replace the other.
 */
import type { PushData } from './api';

export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK_TAG = 'vahan-contact';

export interface PushNotification {
  title: string;
  options: { body: string; tag: string; icon: string; data: { url: string } };
}

export function pushNotification(data: PushData): PushNotification {
  return {
    title: data.title,
    options: {
      body: data.body,
      tag: data.notificationId || FALLBACK_TAG,
      icon: NOTIFICATION_ICON,
      data: { url: data.url },
    },
  };
}
