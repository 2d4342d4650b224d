import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { aRequest, markSeen, messageAbout, sentRequests } from '../../testing/request-fixtures';
import { post } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/users/notificationsSeen', () => {
  it('records when the receiver saw the request, which the sender then sees', async () => {
    const { sender, owner, notification } = await aRequest(t);
    t.clock.advance(30_000);
    const response = await markSeen(t, owner, [notification._id]);
    expect(response.statusCode).toBe(200);
    const [request] = await sentRequests(t, sender);
    expect(request?.seenAt).toBe(t.clock.now().toISOString());
    expect(request?.deliveredAt).toBe(t.clock.now().toISOString());
  });

  it('keeps the first time it was seen', async () => {
    const { sender, owner, notification } = await aRequest(t);
    await markSeen(t, owner, [notification._id]);
    const first = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await markSeen(t, owner, [notification._id]);
    expect((await sentRequests(t, sender))[0]?.seenAt).toBe(first);
  });

  it("ignores others' ids and unknown ones, and answers 200", async () => {
    const { sender, notification } = await aRequest(t);
    const stranger = await t.signUp();
    const response = await markSeen(t, stranger, [notification._id, randomUUID()]);
    expect(response.statusCode).toBe(200);
    expect((await sentRequests(t, sender))[0]?.seenAt).toBeNull();
  });

  it('marks only the requests named', async () => {
    const { sender, owner, vehicle, notification } = await aRequest(t);
    t.clock.advance(1000);
    await messageAbout(t, sender, owner, vehicle._id, 'Second message');
    await markSeen(t, owner, [notification._id]);
    const [newer, older] = await sentRequests(t, sender);
    expect(newer?.seenAt).toBeNull();
    expect(older?.seenAt).not.toBeNull();
  });

  it('leaves the bell’s unread list as it was (Mark as read stays local)', async () => {
    const { owner, notification } = await aRequest(t);
    await markSeen(t, owner, [notification._id]);
    const unread = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: owner.headers,
    });
    expect(unread.json()).toEqual([notification]);
  });

  it.each([
    ['no ids', {}],
    ['ids that are not a list', { ids: 'abc' }],
    ['a bad id', { ids: ['abc'] }],
    ['more than 100 ids', { ids: Array.from({ length: 101 }, () => randomUUID()) }],
    ['an unknown field', { ids: [], all: true }],
  ])('refuses %s with 400', async (_name, payload) => {
    const { owner } = await aRequest(t);
    const response = await post(t, '/api/users/notificationsSeen', payload, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 without a session', async () => {
    expect((await markSeen(t, undefined, [])).statusCode).toBe(401);
  });
});
