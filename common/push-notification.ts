/**
 * The system notification for a push, shown by the service worker (no visible page) or by the page
 * (foreground, SPEC §4). Both use this so the tag, the notification's id, makes one replace the other.
 */
import type { I18n } from '@lingui/core';
import type { PushData } from './api';
import { NOTIFICATION_ACTION_REPLIES, replyLabel } from './replies';

export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK_TAG = 'vahan-contact';

export interface NotificationAction {
  action: string;
  title: string;
}

export interface PushNotification {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    /** `silent`: no sound or vibration (the receiver's quiet hours). */
    silent: boolean;
    /** `requestId`: the request its receiver can answer from the notification's actions. */
    data: { url: string; requestId?: string };
    actions?: NotificationAction[];
  };
}

/** The text of a system notification names its sender: a stranger's words never pass as the app's own. */
const fromSender = (senderName: string, body: string) => (senderName ? `From ${senderName}: ${body}` : body);

/**
 * The service's own notice is titled as from Vahan Contact (a title no user can set) and offers no
 * answers; a user's request names its sender in the text.
 */
export function pushNotification(data: PushData, i18n: I18n): PushNotification {
  const system = data.system === true;
  const requestId = system ? undefined : data.requestId;
  return {
    title: system ? i18n._('push.serviceTitle', { title: data.title }) : data.title,
    options: {
      body: system ? data.body : fromSender(data.senderName, data.body),
      tag: data.notificationId || FALLBACK_TAG,
      icon: NOTIFICATION_ICON,
      silent: data.silent,
      data: requestId ? { url: data.url, requestId } : { url: data.url },
      ...(requestId
        ? {
            actions: NOTIFICATION_ACTION_REPLIES.map((kind) => ({
              action: kind,
              title: replyLabel(i18n, kind),
            })),
          }
        : {}),
    },
  };
}
