import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { UNREAD_LIMIT } from './repository';
import { hidePhone, notify, storedFor, unread } from '../../testing/notification-fixtures';
import { post } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const clearAll = (who?: SignedIn, payload?: object) =>
  post(t, '/api/users/clearAllNotifications', payload, who);

async function sendInOrder(from: SignedIn, to: SignedIn, bodies: string[]) {
  for (const body of bodies) {
    t.clock.advance(1000);
    expect((await notify(t, from, to, (plate) => `${body} ${plate}`)).statusCode).toBe(201);
  }
}

describe('GET /api/users/unreadNotifications', () => {
  it('lists the caller’s unread notifications newest first', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendInOrder(sender, receiver, ['first', 'second', 'third']);
    expect((await unread(t, receiver)).map((item) => item.content.split(' ')[0])).toEqual([
      'third',
      'second',
      'first',
    ]);
  });

  it('leaves out notifications already read', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendInOrder(sender, receiver, ['old']);
    await clearAll(receiver);
    await sendInOrder(sender, receiver, ['new']);
    expect((await unread(t, receiver)).map((item) => item.content.split(' ')[0])).toEqual(['new']);
  });

  it('returns at most the newest notifications up to the cap', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const start = t.clock.now().getTime();
    await t.app.database.db.insert(requests).values(
      Array.from({ length: UNREAD_LIMIT + 1 }, (_, index) => ({
        receiverId: receiver.user._id,
        senderId: sender.user._id,
        kind: 'notification' as const,
        title: 'Vehicle Notification',
        content: `number ${index}`,
        sentAt: new Date(start + index * 1000),
      })),
    );
    const listed = await unread(t, receiver);
    expect(listed).toHaveLength(UNREAD_LIMIT);
    expect(listed[0]?.content).toBe(`number ${UNREAD_LIMIT}`);
    expect(listed.map((item) => item.content)).not.toContain('number 0');
  });

  it('shows the sender’s name and phone when the sender lets it be seen', async () => {
    const sender = await t.signUp({ name: 'Rahul Nair', phoneVisible: true });
    const receiver = await t.signUp();
    await sendInOrder(sender, receiver, ['hello']);
    expect((await unread(t, receiver))[0]?.senderId).toEqual({
      name: 'Rahul Nair',
      phone: sender.user.phone,
    });
  });

  it('never shows the digits of a sender’s hidden phone', async () => {
    const [sender, receiver] = [await t.signUp({ name: 'Rahul Nair' }), await t.signUp()];
    await sendInOrder(sender, receiver, ['hello']);
    await hidePhone(t, sender);
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: receiver.headers,
    });
    expect(response.json()[0].senderId).toEqual({ name: 'Rahul Nair' });
    expect(response.body).not.toContain(sender.user.phone);
  });

  it('never shows another user’s notifications', async () => {
    const [sender, a, b] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await sendInOrder(sender, a, ['for A only']);
    expect(await unread(t, b)).toEqual([]);
  });

  it('refuses an unknown query parameter with 400', async () => {
    const receiver = await t.signUp();
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications?receiverId=someone',
      headers: receiver.headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/users/unreadNotifications' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/clearAllNotifications', () => {
  it('marks every unread notification read and keeps the rows', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendInOrder(sender, receiver, ['one', 'two']);
    const response = await clearAll(receiver);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await unread(t, receiver)).toEqual([]);
    const rows = await storedFor(t, receiver);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
  });

  it('leaves another user’s notifications unread', async () => {
    const [sender, a, b] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await sendInOrder(sender, a, ['for A']);
    const before = await unread(t, a);
    expect((await clearAll(b)).statusCode).toBe(200);
    expect(await unread(t, a)).toEqual(before);
    expect((await storedFor(t, a)).every((row) => row.readAt === null)).toBe(true);
  });

  it('refuses an unknown field with 400 and marks nothing read', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendInOrder(sender, receiver, ['one']);
    expect((await clearAll(receiver, { receiverId: receiver.user._id })).statusCode).toBe(400);
    expect(await unread(t, receiver)).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    expect((await clearAll()).statusCode).toBe(401);
  });
});
