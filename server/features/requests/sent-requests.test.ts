import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse } from '#common/api';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SENT_REQUESTS_LIMIT } from './repository';
import {
  aRequest,
  addNumberedVehicle,
  markSeen,
  messageAbout,
  reply,
  sentRequests,
} from '../../testing/request-fixtures';
import { post, updateProfile } from '../../testing/user-api';
import { userTopic } from '../../domain/live/topics';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users/sentRequests', () => {
  it('lists a new request with every step still null', async () => {
    const { sender, vehicle, notification } = await aRequest(t);
    expect(await sentRequests(t, sender)).toEqual([
      {
        _id: notification._id,
        vehicleNumber: vehicle.vehicleNumber,
        content: 'Your car is blocking the gate',
        sentAt: notification.sentAt,
        deliveredAt: null,
        seenAt: null,
        reply: null,
        reminderSentAt: null,
        fallbacks: [],
      },
    ]);
  });

  it('lists notifications too, with no vehicle number', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const body = `Please move ${(await addNumberedVehicle(t, receiver)).vehicleNumber}`;
    await post(
      t,
      '/api/users/sendNotification',
      { receiverId: receiver.user._id, title: 'Vehicle Notification', body },
      sender,
    );
    expect(await sentRequests(t, sender)).toEqual([
      expect.objectContaining({ vehicleNumber: null, content: body }),
    ]);
  });

  it('lists only the caller’s own sent requests, not those they received', async () => {
    const { owner } = await aRequest(t);
    expect(await sentRequests(t, owner)).toEqual([]);
  });

  it(`lists the newest first, at most ${SENT_REQUESTS_LIMIT}`, async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    const sent: string[] = [];
    for (let index = 0; index < SENT_REQUESTS_LIMIT + 2; index += 1) {
      t.clock.advance(1000);
      sent.push((await messageAbout(t, sender, owner, vehicle._id, `Message ${index}`))._id);
    }
    const listed = await sentRequests(t, sender);
    expect(listed.map((request) => request._id)).toEqual(sent.reverse().slice(0, SENT_REQUESTS_LIMIT));
  });

  it('refuses a query string with 400', async () => {
    const { sender } = await aRequest(t);
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/sentRequests?limit=1000',
      headers: sender.headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/sentRequests' });
    expect(response.statusCode).toBe(401);
  });
  it('shows no delivery or look of a receiver who does not share read receipts, but their answer', async () => {
    const { sender, owner, notification } = await aRequest(t);
    await updateProfile(t, owner, { shareReadReceipts: false });
    await markSeen(t, owner, [notification._id]);
    await reply(t, owner, { notificationId: notification._id, kind: 'five_minutes', text: 'Sorry' });
    expect((await sentRequests(t, sender))[0]).toMatchObject({
      deliveredAt: null,
      seenAt: null,
      reply: { kind: 'five_minutes', text: 'Sorry', at: t.clock.now().toISOString() },
    });
  });

  it('shows the delivery and the look again once the receiver shares read receipts', async () => {
    const { sender, owner, notification } = await aRequest(t);
    await updateProfile(t, owner, { shareReadReceipts: false });
    await markSeen(t, owner, [notification._id]);
    await updateProfile(t, owner, { shareReadReceipts: true });
    expect((await sentRequests(t, sender))[0]).toMatchObject({
      deliveredAt: t.clock.now().toISOString(),
      seenAt: t.clock.now().toISOString(),
    });
  });
});

describe('the sender’s view of a request in the answer of its send', () => {
  it('is what sentRequests lists for a message, next to what the owner sees', async () => {
    const { sender, notification, sentRequest } = await aRequest(t);
    expect(sentRequest).toEqual((await sentRequests(t, sender))[0]);
    expect(notification).toMatchObject({
      _id: sentRequest._id,
      senderId: { name: 'Rahul Nair' },
      title: expect.any(String),
      content: 'Your car is blocking the gate',
      sentAt: sentRequest.sentAt,
      read: false,
    });
  });

  it('is what sentRequests lists for a notification, with no vehicle number', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const body = `Please move ${(await addNumberedVehicle(t, receiver)).vehicleNumber}`;
    const response = await post(
      t,
      '/api/users/sendNotification',
      { receiverId: receiver.user._id, title: 'Vehicle Notification', body },
      sender,
    );
    const { sentRequest } = response.json<SendResponse>();
    expect(sentRequest).toMatchObject({ vehicleNumber: null, content: body });
    expect(sentRequest).toEqual((await sentRequests(t, sender))[0]);
  });
});

describe('the plate a request was sent for', () => {
  it('is what its sender still sees after the receiver renumbers the vehicle, listed and told live', async () => {
    const { sender, owner, vehicle, notification } = await aRequest(t);
    const renumbered = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      headers: owner.headers,
      payload: { id: vehicle._id, vehicleNumber: 'KL07RQ9999' },
    });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect((await sentRequests(t, sender))[0]).toMatchObject({ vehicleNumber: vehicle.vehicleNumber });

    const told = new Promise<unknown>((resolve) => {
      const stop = t.app.notificationBus.subscribe(userTopic(sender.user._id), (event) => {
        if (event.kind !== 'request') return;
        stop();
        resolve(event.request);
      });
    });
    expect(
      (await reply(t, owner, { notificationId: notification._id, kind: 'five_minutes' })).statusCode,
    ).toBe(201);
    expect(await told).toMatchObject({ vehicleNumber: vehicle.vehicleNumber });
    expect(JSON.stringify(await sentRequests(t, sender))).not.toContain('KL07RQ9999');
  });
});
