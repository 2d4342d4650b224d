import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { notify, storedFor, vehicleOf } from '../../testing/notification-fixtures';
import { post } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const blockSender = (who: SignedIn | undefined, notificationId: string) =>
  post(t, '/api/users/blockSender', { notificationId }, who);
const unblockSender = (who: SignedIn | undefined, notificationId: string) =>
  post(t, '/api/users/unblockSender', { notificationId }, who);

/** A sender who has reached the receiver once, and the id of that notification. */
async function contacted() {
  const [sender, receiver] = [await t.signUp(), await t.signUp()];
  const first = await notify(t, sender, receiver);
  return { sender, receiver, notificationId: first.json()._id as string };
}

describe('POST /api/users/blockSender', () => {
  it('answers 200 for the sender of one of the caller’s notifications', async () => {
    const { receiver, notificationId } = await contacted();
    const response = await blockSender(receiver, notificationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a blocked sender’s notification with 403 and stores nothing', async () => {
    const { sender, receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    const response = await notify(t, sender, receiver);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await storedFor(t, receiver)).toHaveLength(1);
  });

  it('refuses a blocked sender’s message with 403 and stores nothing', async () => {
    const { sender, receiver, notificationId } = await contacted();
    const vehicle = await vehicleOf(t, receiver);
    await blockSender(receiver, notificationId);
    const response = await post(
      t,
      '/api/users/sendMessage',
      { userId: receiver.user._id, vehicleId: vehicle.id, message: 'Move it' },
      sender,
    );
    expect(response.statusCode).toBe(403);
    expect(await storedFor(t, receiver)).toHaveLength(1);
  });

  it('publishes nothing for a blocked send', async () => {
    const { sender, receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await notify(t, sender, receiver);
    expect(publish).not.toHaveBeenCalled();
  });

  it('still lets the blocked sender contact other people', async () => {
    const { sender, receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    expect((await notify(t, sender, await t.signUp())).statusCode).toBe(201);
  });

  it('still lets other senders contact the receiver', async () => {
    const { receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    expect((await notify(t, await t.signUp(), receiver)).statusCode).toBe(201);
  });

  it('accepts blocking the same sender twice', async () => {
    const { receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    expect((await blockSender(receiver, notificationId)).statusCode).toBe(200);
  });

  it('answers 404 for someone else’s notification and blocks nobody', async () => {
    const { sender, receiver, notificationId } = await contacted();
    const stranger = await t.signUp();
    expect((await blockSender(stranger, notificationId)).statusCode).toBe(404);
    expect((await blockSender(sender, notificationId)).statusCode).toBe(404);
    expect((await notify(t, sender, receiver)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown notification', async () => {
    const receiver = await t.signUp();
    expect((await blockSender(receiver, randomUUID())).statusCode).toBe(404);
  });

  it('refuses a malformed notification id with 400', async () => {
    const receiver = await t.signUp();
    expect((await blockSender(receiver, 'not-an-id')).statusCode).toBe(400);
  });

  it('refuses an unknown field with 400', async () => {
    const { receiver, notificationId } = await contacted();
    const response = await post(
      t,
      '/api/users/blockSender',
      { notificationId, senderId: randomUUID() },
      receiver,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const { notificationId } = await contacted();
    expect((await blockSender(undefined, notificationId)).statusCode).toBe(401);
  });
});

describe('POST /api/users/unblockSender', () => {
  it('lets an unblocked sender contact the receiver again', async () => {
    const { sender, receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    const response = await unblockSender(receiver, notificationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await notify(t, sender, receiver)).statusCode).toBe(201);
  });

  it('answers 404 for someone else’s notification and leaves the block in place', async () => {
    const { sender, receiver, notificationId } = await contacted();
    await blockSender(receiver, notificationId);
    expect((await unblockSender(sender, notificationId)).statusCode).toBe(404);
    expect((await notify(t, sender, receiver)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const { notificationId } = await contacted();
    expect((await unblockSender(undefined, notificationId)).statusCode).toBe(401);
  });
});
