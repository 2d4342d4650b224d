import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactDetailsProblem } from '#common/contact-details';
import type { SendResponse } from '#common/api';
import { MESSAGE_MAX, TITLE_MAX } from '#common/limits';
import { NOTIFICATION_TITLE, messageTemplates } from '#common/message-templates';
import { users } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { published } from '../../testing/published';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import {
  hidePhone,
  notify,
  plateOf,
  storedFor,
  unread,
  vehicleOf,
} from '../../testing/notification-fixtures';
import { post } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function messageSetup() {
  const sender = await t.signUp({ name: 'Rahul Nair', phoneVisible: true });
  const owner = await t.signUp({ name: 'Meera Das' });
  const vehicle = await vehicleOf(t, owner);
  return { sender, owner, vehicle };
}

const sendMessage = (who: SignedIn | undefined, payload: object) =>
  post(t, '/api/users/sendMessage', payload, who);

describe('POST /api/users/sendMessage', () => {
  it('stores the message for the vehicle owner and answers 201 with it as the owner sees it and as its sender follows it', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Your headlights are on',
    });
    expect(response.statusCode).toBe(201);
    const { sentRequest, ...sent } = response.json<SendResponse>();
    expect(sent).toEqual({
      _id: expect.any(String),
      senderId: { name: 'Rahul Nair', phone: sender.user.phone },
      title: `Message about ${vehicle.vehicleNumber.toUpperCase()}`,
      content: 'Your headlights are on',
      sentAt: t.clock.now().toISOString(),
      read: false,
      system: false,
    });
    expect(sentRequest).toEqual({
      _id: sent._id,
      vehicleNumber: vehicle.vehicleNumber.toUpperCase(),
      content: 'Your headlights are on',
      sentAt: sent.sentAt,
      deliveredAt: null,
      seenAt: null,
      reply: null,
      reminderSentAt: null,
      fallbacks: [],
    });
    expect(await unread(t, owner)).toEqual([sent]);
  });

  it('stores the message with its vehicle, its kind and its sender', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    await sendMessage(sender, { userId: owner.user._id, vehicleId: vehicle.id, message: 'Hello' });
    expect(await storedFor(t, owner)).toEqual([
      expect.objectContaining({ kind: 'message', vehicleId: vehicle.id, senderId: sender.user._id }),
    ]);
  });

  it('trims the message', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: '   Please move your car  ',
    });
    expect(response.json().content).toBe('Please move your car');
  });

  it('accepts a message of the maximum length', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const message = 'm'.repeat(MESSAGE_MAX);
    const response = await sendMessage(sender, { userId: owner.user._id, vehicleId: vehicle.id, message });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['message', { message: '    ' }],
    ['message', { message: 'm'.repeat(MESSAGE_MAX + 1) }],
    ['message', { message: 42 }],
    ['userId', { userId: undefined }],
    ['userId', { userId: 'not-an-id' }],
    ['vehicleId', { vehicleId: 'KL07AB1234' }],
    ['vehicleId', { vehicleId: undefined }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, overrides) => {
    const { sender, owner, vehicle } = await messageSetup();
    const payload = { userId: owner.user._id, vehicleId: vehicle.id, message: 'Hello', ...overrides };
    const response = await sendMessage(sender, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('refuses an unknown field with 400', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const payload = {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hello',
      senderId: owner.user._id,
    };
    expect((await sendMessage(sender, payload)).statusCode).toBe(400);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const { owner, vehicle } = await messageSetup();
    const response = await sendMessage(undefined, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hi',
    });
    expect(response.statusCode).toBe(401);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 400 when userId is not the owner of the vehicle and stores nothing', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const someoneElse = await t.signUp();
    const response = await sendMessage(sender, {
      userId: someoneElse.user._id,
      vehicleId: vehicle.id,
      message: 'Hello',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
    expect(await storedFor(t, someoneElse)).toEqual([]);
  });

  it('answers 400 for a message to your own vehicle', async () => {
    const { owner, vehicle } = await messageSetup();
    const response = await sendMessage(owner, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hi',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 404 for an unknown vehicle', async () => {
    const { sender, owner } = await messageSetup();
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: randomUUID(),
      message: 'Hi',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('publishes the stored message to its receiver through the notification bus', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hi',
    });
    const { sentRequest: _, ...sent } = response.json<SendResponse>();
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith({
      kind: 'notification',
      userId: owner.user._id,
      notification: sent,
      push: {
        notificationId: sent._id,
        title: sent.title,
        body: 'Hi',
        senderName: 'Rahul Nair',
        sentAt: sent.sentAt,
        url: `/dashboard?request=${sent._id}`,
        requestId: sent._id,
        silent: false,
        system: false,
        language: 'en',
      },
      announced: true,
    });
  });

  it('leaves out the phone of a sender who hid it, in the answer and in the owner list', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    await hidePhone(t, sender);
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hi',
    });
    const listed = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: owner.headers,
    });
    expect(response.json().senderId).toEqual({ name: 'Rahul Nair' });
    expect(response.body).not.toContain(sender.user.phone);
    expect(listed.body).not.toContain(sender.user.phone);
  });
});

describe('POST /api/users/sendNotification', () => {
  it('stores the notification for the receiver and answers 201 with it and its sender’s view', async () => {
    const [sender, receiver] = [await t.signUp({ name: 'Rahul Nair', phoneVisible: true }), await t.signUp()];
    const response = await notify(
      t,
      sender,
      receiver,
      (plate) => `  Your car ${plate} is blocking the gate `,
    );
    expect(response.statusCode).toBe(201);
    const { sentRequest, ...sent } = response.json<SendResponse>();
    const plate = await plateOf(t, receiver);
    expect(sent).toEqual({
      _id: expect.any(String),
      senderId: { name: 'Rahul Nair', phone: sender.user.phone },
      title: 'Vehicle Notification',
      content: `Your car ${plate} is blocking the gate`,
      sentAt: t.clock.now().toISOString(),
      read: false,
      system: false,
    });
    expect(sentRequest).toMatchObject({ _id: sent._id, vehicleNumber: null, content: sent.content });
    expect(await unread(t, receiver)).toEqual([sent]);
    expect(await storedFor(t, receiver)).toEqual([
      expect.objectContaining({ kind: 'notification', vehicleId: null, senderId: sender.user._id }),
    ]);
  });

  it.each([
    ['title', { title: ' ' }],
    ['title', { title: 't'.repeat(TITLE_MAX + 1) }],
    ['body', { body: '' }],
    ['body', { body: 'b'.repeat(MESSAGE_MAX + 1) }],
    ['receiverId', { receiverId: 'not-an-id' }],
    ['receiverId', { receiverId: undefined }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, overrides) => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const payload = {
      receiverId: receiver.user._id,
      title: 'Vehicle Notification',
      body: `Hi ${await plateOf(t, receiver)}`,
      ...overrides,
    };
    const response = await post(t, '/api/users/sendNotification', payload, sender);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await storedFor(t, receiver)).toEqual([]);
  });

  it('refuses an unknown field with 400', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const payload = {
      receiverId: receiver.user._id,
      title: 'Vehicle Notification',
      body: 'Hi',
      kind: 'message',
    };
    expect((await post(t, '/api/users/sendNotification', payload, sender)).statusCode).toBe(400);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const receiver = await t.signUp();
    const payload = { receiverId: receiver.user._id, title: 'Vehicle Notification', body: 'Hi' };
    expect((await post(t, '/api/users/sendNotification', payload)).statusCode).toBe(401);
    expect(await storedFor(t, receiver)).toEqual([]);
  });

  it('answers 404 for an unknown receiver', async () => {
    const sender = await t.signUp();
    const payload = { receiverId: randomUUID(), title: 'Vehicle Notification', body: 'Hi' };
    const response = await post(t, '/api/users/sendNotification', payload, sender);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 400 for a notification to yourself', async () => {
    const sender = await t.signUp();
    expect((await notify(t, sender, sender)).statusCode).toBe(400);
    expect(await storedFor(t, sender)).toEqual([]);
  });

  it('publishes the stored notification to its receiver through the notification bus', async () => {
    const [sender, receiver] = [await t.signUp({ name: 'Rahul Nair' }), await t.signUp()];
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const response = await notify(t, sender, receiver, (plate) => `Please relocate ${plate}`);
    const { sentRequest: _, ...sent } = response.json<SendResponse>();
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith({
      kind: 'notification',
      userId: receiver.user._id,
      notification: sent,
      push: {
        notificationId: sent._id,
        title: 'Vehicle Notification',
        body: `Please relocate ${await plateOf(t, receiver)}`,
        senderName: 'Rahul Nair',
        sentAt: sent.sentAt,
        url: `/dashboard?request=${sent._id}`,
        requestId: sent._id,
        silent: false,
        system: false,
        language: 'en',
      },
      announced: true,
    });
  });

  describe('refuses a text that could pass for someone else’s message, with 400, storing nothing', () => {
    it.each([
      [
        'a title other than Vehicle Notification',
        'Vahan Contact Security Team',
        (plate: string) => `Your vehicle ${plate} is blocking the gate.`,
      ],
      [
        'a body naming none of the receiver’s vehicles',
        'Vehicle Notification',
        () => 'Your account is suspended. Verify your details.',
      ],
      [
        'a body over 200 characters',
        'Vehicle Notification',
        (plate: string) => `Your vehicle ${plate} ${'is blocking '.repeat(20)}`,
      ],
      [
        'a link',
        'Vehicle Notification',
        (plate: string) => `Your vehicle ${plate}: verify at https://vahan-verify.example`,
      ],
      [
        'a bare domain',
        'Vehicle Notification',
        (plate: string) => `Your vehicle ${plate}: see vahan-kyc.in now`,
      ],
      [
        'an e-mail address',
        'Vehicle Notification',
        (plate: string) => `Your vehicle ${plate}: write to help@vahan.example`,
      ],
      [
        'a phone number',
        'Vehicle Notification',
        (plate: string) => `Your vehicle ${plate}: call 98765 43210`,
      ],
    ])('%s', async (_case, title, text) => {
      const [sender, receiver] = [await t.signUp(), await t.signUp()];
      const body = text(await plateOf(t, receiver));
      const payload = { receiverId: receiver.user._id, title, body };
      const response = await post(t, '/api/users/sendNotification', payload, sender);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await storedFor(t, receiver)).toEqual([]);
    });
  });

  it('accepts each of the five suggestions with the number as the search returns it (lower case)', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const plate = await plateOf(t, receiver);
    for (const body of messageTemplates(textsFor('en'), plate)) {
      const payload = { receiverId: receiver.user._id, title: NOTIFICATION_TITLE, body };
      expect((await post(t, '/api/users/sendNotification', payload, sender)).statusCode).toBe(201);
    }
  });

  it('accepts the vehicle number in any case, with spaces or hyphens', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const plate = await plateOf(t, receiver);
    const written = `${plate.slice(0, 2).toUpperCase()} ${plate.slice(2, 4)}-${plate.slice(4, 6)} ${plate.slice(6)}`;
    const payload = {
      receiverId: receiver.user._id,
      title: NOTIFICATION_TITLE,
      body: `Please move ${written}`,
    };
    expect((await post(t, '/api/users/sendNotification', payload, sender)).statusCode).toBe(201);
  });

  it('publishes nothing for a refused send', async () => {
    const sender = await t.signUp();
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await notify(t, sender, sender);
    expect(publish).not.toHaveBeenCalled();
  });
});

describe('the free text of sendMessage', () => {
  it.each([
    ['a link', 'Move it or see https://evil.example/pay'],
    ['a bare domain', 'Pay the fine at vahan-fines.in today'],
    ['an e-mail address', 'Write to owner.help@example.com'],
    ['a phone number', 'Call me on 98470 12345'],
    ['a phone number with +91', 'Ring +91-9847012345 now'],
  ])('refuses %s with 400, stores and publishes nothing', async (_what, message) => {
    const { sender, owner, vehicle } = await messageSetup();
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const response = await sendMessage(sender, { userId: owner.user._id, vehicleId: vehicle.id, message });
    expect(response.statusCode).toBe(400);
    const problem = contactDetailsProblem(message);
    expect(problem).not.toBeNull();
    expect(response.json()).toEqual({ message: `message: ${problem}` });
    expect(await storedFor(t, owner)).toHaveLength(0);
    expect(publish).not.toHaveBeenCalled();
  });

  it.each(['en', 'ml'] as const)('takes each of the five suggested texts in %s', async (language) => {
    const { sender, owner, vehicle } = await messageSetup();
    for (const message of messageTemplates(textsFor(language), vehicle.vehicleNumber)) {
      const response = await sendMessage(sender, { userId: owner.user._id, vehicleId: vehicle.id, message });
      expect(response.statusCode).toBe(201);
    }
  });

  it('takes a text naming the vehicle number, however it is written', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    const spaced = vehicle.vehicleNumber.toUpperCase().replace(/^(..)(..)(..)(....)$/, '$1 $2-$3 $4');
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: `Your ${spaced} is blocking gate 2, please come in 10 minutes`,
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('what a receiver sees of the sender', () => {
  const hideName = async (who: SignedIn) => {
    const hidden = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { nameVisible: false },
      headers: who.headers,
    });
    expect(hidden.statusCode).toBe(200);
  };

  it('shows only the initials of a sender who hid their name, in the bell, live and in the push', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    await hideName(sender);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const response = await sendMessage(sender, {
      userId: owner.user._id,
      vehicleId: vehicle.id,
      message: 'Hi',
    });
    const [{ notification: live, push } = {}] = published(publish, 'notification');
    expect(live?.senderId.name).toBe('R. N.');
    expect(push?.senderName).toBe('R. N.');
    expect((await unread(t, owner))[0]?.senderId.name).toBe('R. N.');
    expect(response.json().senderId.name).toBe('R. N.');
    expect(JSON.stringify([live, push, await unread(t, owner)])).not.toMatch(/Rahul|Nair/);
  });

  it('marks a user’s request as not the service’s, whatever the sender’s name', async () => {
    const { sender, owner, vehicle } = await messageSetup();
    // An account named before names were checked.
    await t.app.database.db.update(users).set({ name: 'Vahan Contact' }).where(eq(users.id, sender.user._id));
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await sendMessage(sender, { userId: owner.user._id, vehicleId: vehicle.id, message: 'Hi' });
    const [{ notification: live, push } = {}] = published(publish, 'notification');
    expect(live?.system).toBe(false);
    expect(push?.system).toBe(false);
    expect((await unread(t, owner))[0]?.system).toBe(false);
  });
});
