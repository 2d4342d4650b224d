import { aPushData } from './testing/fixtures';
import { describe, expect, it } from 'vitest';
import { textsByLanguage } from './i18n/texts-by-language';
import { pushNotification } from './push-notification';

const english = textsByLanguage({ en: {}, ml: {} })('en');

const data = aPushData();

describe('pushNotification', () => {
  it('tags the notification with its id and carries the url to open', () => {
    expect(pushNotification(data, english)).toEqual({
      title: 'Vehicle Notification',
      options: {
        body: 'From Anu: Please relocate KL07AB1234.',
        tag: 'n-1',
        icon: '/icons/icon-192.png',
        silent: false,
        data: { url: '/dashboard' },
      },
    });
  });

  it('offers the answers as actions on a request pushed to its receiver', () => {
    const request = pushNotification({ ...data, url: '/dashboard?request=n-1', requestId: 'n-1' }, english);
    expect(request.options.data).toEqual({ url: '/dashboard?request=n-1', requestId: 'n-1' });
    expect(request.options.actions).toEqual([
      { action: 'coming_now', title: 'Coming now' },
      { action: 'five_minutes', title: 'In 5 minutes' },
      { action: 'cannot_come', title: "Can't come now" },
    ]);
  });

  it('offers no actions on a push that cannot be answered (an answer, for its sender)', () => {
    expect(pushNotification({ ...data, url: '/requests' }, english).options).not.toHaveProperty('actions');
  });

  it('reads the request to answer from the push, never from the url it opens', () => {
    const opened = pushNotification({ ...data, url: '/dashboard?request=n-9' }, english);
    expect(opened.options).not.toHaveProperty('actions');
    expect(opened.options.data).toEqual({ url: '/dashboard?request=n-9' });
    const answered = pushNotification({ ...data, url: '/dashboard', requestId: 'n-1' }, english);
    expect(answered.options.data).toEqual({ url: '/dashboard', requestId: 'n-1' });
  });

  it("names the sender in the notification's text", () => {
    expect(pushNotification({ ...data, senderName: 'Rahul Nair' }, english).options.body).toMatch(
      /^From Rahul Nair: /,
    );
  });

  it("titles a notice of the service as Vahan Contact's, with no sender line and no answers", () => {
    const notice = pushNotification(
      {
        ...data,
        title: 'Vehicle ownership verified',
        url: '/dashboard?request=n-1',
        requestId: 'n-1',
        system: true,
      },
      english,
    );
    expect(notice.title).toBe('Vahan Contact: Vehicle ownership verified');
    expect(notice.options.body).toBe('Please relocate KL07AB1234.');
    expect(notice.options).not.toHaveProperty('actions');
  });

  it("never titles a user's request as the service's, whatever the sender is called", () => {
    const request = pushNotification({ ...data, senderName: 'Vahan Contact', system: false }, english);
    expect(request.title).toBe('Vehicle Notification');
    expect(request.options.body).toBe('From Vahan Contact: Please relocate KL07AB1234.');
  });

  it('still tags a notification that has no id', () => {
    expect(pushNotification({ ...data, notificationId: '' }, english).options.tag).toBe('vahan-contact');
  });

  it('is silent (no sound or vibration) when the push says so: the receiver is in quiet hours', () => {
    expect(pushNotification({ ...data, silent: true }, english).options.silent).toBe(true);
  });
});
