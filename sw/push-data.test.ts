import { describe, expect, it, vi } from 'vitest';
import { parsePushData, readPushPayload } from './push-data';

const fields = {
  notificationId: 'n-1',
  title: 'Vehicle Notification',
  body: 'Your vehicle KL07AB1234 is blocking the driveway.',
  senderName: 'Anu',
  sentAt: '2025-01-02T03:04:05.000Z',
  url: '/dashboard',
  silent: 'false',
};
/** What the worker reads from those strings. */
const parsed = { ...fields, silent: false, system: false, language: 'en' };

describe('parsePushData', () => {
  it('reads the fields FCM web puts under data', () => {
    expect(parsePushData({ data: fields, from: '1234', fcmMessageId: 'x', priority: 'high' })).toEqual(
      parsed,
    );
  });

  it('reads a flat payload as the data itself', () => {
    expect(parsePushData(fields)).toEqual(parsed);
  });

  it('reads the request the push brings from its own field, apart from the url it opens', () => {
    const push = parsePushData({ data: { ...fields, url: '/dashboard?request=n-1', requestId: 'n-1' } });
    expect(push).toMatchObject({ url: '/dashboard?request=n-1', requestId: 'n-1' });
    expect(parsePushData({ data: { ...fields, url: '/dashboard?request=n-1' } })).not.toHaveProperty(
      'requestId',
    );
  });

  it("defaults the title to 'New Notification' and the url to the dashboard", () => {
    expect(parsePushData({ data: { notificationId: 'n-2', body: 'hi' } })).toEqual({
      notificationId: 'n-2',
      title: 'New Notification',
      body: 'hi',
      senderName: '',
      sentAt: '',
      url: '/dashboard',
      silent: false,
      system: false,
      language: 'en',
    });
  });

  it('ignores fields that are not strings', () => {
    expect(parsePushData({ title: 42, body: null, url: {} })).toMatchObject({
      title: 'New Notification',
      body: '',
      url: '/dashboard',
    });
  });

  it("reads system 'true' as a notice of the service, and anything else as a user's", () => {
    expect(parsePushData({ ...fields, system: 'true' }).system).toBe(true);
    expect(parsePushData({ ...fields, system: 'yes' }).system).toBe(false);
    expect(parsePushData(fields).system).toBe(false);
  });

  it("reads silent 'true' as a silent notification (the receiver's quiet hours)", () => {
    expect(parsePushData({ ...fields, silent: 'true' }).silent).toBe(true);
  });
});

describe("a push's language", () => {
  it('is the one the push names', () => {
    expect(parsePushData({ ...fields, language: 'ml' }, 'en').language).toBe('ml');
  });

  it("is the signed-in user's when the push names none", () => {
    expect(parsePushData(fields, 'ml').language).toBe('ml');
  });

  it("gives the default title in that language: 'New Notification' in Malayalam", () => {
    expect(parsePushData({ body: 'hi' }, 'ml').title).toBe('പുതിയ അറിയിപ്പ്');
  });
});

describe('readPushPayload', () => {
  it('parses the JSON of the push message', () => {
    expect(readPushPayload({ json: () => ({ data: fields }) })).toEqual(parsed);
  });

  it('still yields a notification to show when the payload is not JSON', () => {
    const message = {
      json: () => {
        throw new SyntaxError('Unexpected token');
      },
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readPushPayload(message).title).toBe('New Notification');
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('still yields a notification to show when the push has no payload', () => {
    expect(readPushPayload(null)).toMatchObject({ title: 'New Notification', url: '/dashboard' });
  });
});
