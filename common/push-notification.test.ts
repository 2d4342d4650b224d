import { describe, expect, it } from 'vitest';
import type { PushData } from './api';
import { pushNotification } from './push-notification';

const data: PushData = {
  notificationId: 'n-1',
  title: 'Vehicle Notification',
  body: 'Please relocate KL07AB1234.',
  senderName: 'Anu',
  sentAt: '2025-01-02T03:04:05.000Z',
  url: '/dashboard',
};

describe('pushNotification', () => {
  it('tags the notification with its id and carries the url to open', () => {
    expect(pushNotification(data)).toEqual({
      title: 'Vehicle Notification',
      options: {
        body: 'Please relocate KL07AB1234.',
        tag: 'n-1',
        icon: '/icons/icon-192.png',
        data: { url: '/dashboard' },
      },
    });
  });

  it('still tags a notification that has no id', () => {
    expect(pushNotification({ ...data, notificationId: '' }).options.tag).toBe('vahan-contact');
  });
});
