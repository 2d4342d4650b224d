import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_KINDS } from '#common/replies';
import { requests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { aRequest, reply, sentRequests } from '../../testing/request-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedRow = async (id: string) =>
  (await t.app.database.db.select().from(requests).where(eq(requests.id, id)))[0];

describe('POST /api/users/replyToNotification', () => {
  it('answers 201 with the answered request, as its sender sees it', async () => {
    const { owner, vehicle, notification } = await aRequest(t);
    const response = await reply(t, owner, { notificationId: notification._id, kind: 'five_minutes' });
    expect(response.statusCode).toBe(201);
    const at = t.clock.now().toISOString();
    expect(response.json()).toEqual({
      _id: notification._id,
      vehicleNumber: vehicle.vehicleNumber,
      content: notification.content,
      sentAt: notification.sentAt,
      deliveredAt: at,
      seenAt: at,
      reply: { kind: 'five_minutes', at },
      reminderSentAt: null,
      fallbacks: [],
    });
  });

  it.each(REPLY_KINDS)('accepts the reply %s', async (kind) => {
    const { owner, notification } = await aRequest(t);
    const response = await reply(t, owner, { notificationId: notification._id, kind });
    expect(response.statusCode).toBe(201);
    expect(response.json().reply.kind).toBe(kind);
  });

  it('keeps a short text, trimmed', async () => {
    const { owner, notification } = await aRequest(t);
    const response = await reply(t, owner, {
      notificationId: notification._id,
      kind: 'cannot_come',
      text: '  At the hospital, sorry  ',
    });
    expect(response.json().reply).toEqual({
      kind: 'cannot_come',
      text: 'At the hospital, sorry',
      at: t.clock.now().toISOString(),
    });
  });

  it('shows the reply in the sender’s list', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const answered = (await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' })).json();
    expect(await sentRequests(t, sender)).toEqual([answered]);
  });

  it('shows the receiver their answer in the unread list, for the bell after a reload', async () => {
    const { owner, notification } = await aRequest(t);
    const unread = async () =>
      (
        await t.inject({
          method: 'GET',
          url: '/api/users/unreadNotifications',
          headers: owner.headers,
        })
      ).json<{ _id: string; answer?: string }[]>();
    expect((await unread()).find((item) => item._id === notification._id)?.answer).toBeUndefined();
    await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' });
    expect((await unread()).find((item) => item._id === notification._id)?.answer).toBe('coming_now');
  });

  it('refuses a second answer with 409 and keeps the first', async () => {
    const { owner, notification } = await aRequest(t);
    await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' });
    const second = await reply(t, owner, { notificationId: notification._id, kind: 'cannot_come' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: expect.any(String) });
    expect((await storedRow(notification._id))?.replyKind).toBe('coming_now');
  });

  it('answers 404 to anyone but the receiver, the sender included, and stores nothing', async () => {
    const { sender, notification } = await aRequest(t);
    const stranger = await t.signUp();
    for (const who of [sender, stranger]) {
      const response = await reply(t, who, { notificationId: notification._id, kind: 'coming_now' });
      expect(response.statusCode).toBe(404);
    }
    expect((await storedRow(notification._id))?.repliedAt).toBeNull();
  });

  it('answers 404 for an unknown id', async () => {
    const { owner } = await aRequest(t);
    const response = await reply(t, owner, { notificationId: randomUUID(), kind: 'coming_now' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const { notification } = await aRequest(t);
    const response = await reply(t, undefined, { notificationId: notification._id, kind: 'coming_now' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['an unknown kind', { kind: 'on_my_way' }],
    ['no kind', { kind: undefined }],
    ['a text of 141 characters', { text: 'a'.repeat(141) }],
    ['an empty text', { text: '   ' }],
    ['a text with a link', { text: 'see https://example.com' }],
    ['a text with an e-mail address', { text: 'write to me@example.in' }],
    ['a text with a phone number', { text: 'call 98765 43210' }],
    ['a text that is not a string', { text: 5 }],
    ['an unknown field', { phone: '9876543210' }],
    ['a bad id', { notificationId: 'abc' }],
  ])('refuses %s with 400 and stores nothing', async (_name, overrides) => {
    const { owner, notification } = await aRequest(t);
    const response = await reply(t, owner, {
      notificationId: notification._id,
      kind: 'coming_now',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await storedRow(notification._id))?.repliedAt).toBeNull();
  });

  it('stores one answer when two race', async () => {
    const { owner, notification } = await aRequest(t);
    const statuses = await Promise.all(
      (['coming_now', 'cannot_come'] as const).map(
        async (kind) => (await reply(t, owner, { notificationId: notification._id, kind })).statusCode,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409]);
  });
});

describe('replyToNotification with an Idempotency-Key', () => {
  const replyWithKey = (who: { headers: Record<string, string> }, payload: object, key: string) =>
    t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      payload,
      headers: { ...who.headers, 'idempotency-key': key },
    });

  it('answers a repeat of the key with the first answer, not 409', async () => {
    const { owner, notification } = await aRequest(t);
    const key = `reply_${randomUUID()}`;
    const payload = { notificationId: notification._id, kind: 'five_minutes' };
    const first = await replyWithKey(owner, payload, key);
    const repeat = await replyWithKey(owner, payload, key);
    expect(first.statusCode).toBe(201);
    expect([repeat.statusCode, repeat.json()]).toEqual([201, first.json()]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 422 to the same key with another answer, and keeps the first', async () => {
    const { owner, notification } = await aRequest(t);
    const key = `reply_${randomUUID()}`;
    await replyWithKey(owner, { notificationId: notification._id, kind: 'coming_now' }, key);
    const other = await replyWithKey(owner, { notificationId: notification._id, kind: 'cannot_come' }, key);
    expect(other.statusCode).toBe(422);
    expect((await storedRow(notification._id))?.replyKind).toBe('coming_now');
  });
});
