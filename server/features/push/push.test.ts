import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { PUSH_TTL_SECONDS } from '../../providers/push/firebase-transport';
import {
  aNotification,
  anotherSession,
  devicesOf,
  fcmToken,
  firebaseEnv,
  publish,
  registerDevice,
} from '../../testing/push-fixtures';

const firebase = vi.hoisted(() => ({
  sendEachForMulticast: vi.fn<(message: MulticastMessage) => Promise<BatchResponse>>(),
  initializeApp: vi.fn((_options: unknown, name: string) => ({ name })),
  cert: vi.fn((account: unknown) => ({ account })),
  deleteApp: vi.fn(async () => {}),
}));

vi.mock('firebase-admin/app', () => ({
  initializeApp: firebase.initializeApp,
  cert: firebase.cert,
  deleteApp: firebase.deleteApp,
}));
vi.mock('firebase-admin/messaging', () => ({
  getMessaging: () => ({ sendEachForMulticast: firebase.sendEachForMulticast }),
}));

type Outcomes = Record<string, { code: string; message?: string }>;

/** FCM's answer: a failure with the given error for the tokens named, a success for the others. */
function batchResponse(tokens: string[], failures: Outcomes = {}): BatchResponse {
  const responses = tokens.map((token, index) => {
    const failure = failures[token];
    return failure
      ? { success: false, error: { message: failure.code, ...failure } as never }
      : { success: true, messageId: `projects/vahan-test/messages/${index}` };
  });
  const successCount = responses.filter((response) => response.success).length;
  return { responses, successCount, failureCount: responses.length - successCount };
}

const answer = (failures: Outcomes) =>
  firebase.sendEachForMulticast.mockImplementation(async ({ tokens }) => batchResponse(tokens, failures));

const sent = () => firebase.sendEachForMulticast.mock.calls.map(([message]) => message);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: firebaseEnv });
});
afterAll(() => t.close());
beforeEach(() => {
  firebase.sendEachForMulticast.mockReset();
  answer({});
});

describe('push through Firebase Cloud Messaging', () => {
  it('sends one data-only message to every device of the receiver', async () => {
    const receiver = await t.signUp();
    const devices = [fcmToken('phone'), fcmToken('laptop')];
    for (const token of devices) await registerDevice(t, receiver, token);
    const notification = publish(t, receiver, aNotification('Your car is blocking the gate'));

    await t.app.notificationBus.settled();
    const [message] = sent();
    expect({ ...message, tokens: [...(message?.tokens ?? [])].sort() }).toStrictEqual({
      tokens: [...devices].sort(),
      data: {
        notificationId: notification._id,
        title: 'Vehicle Notification',
        body: 'Your car is blocking the gate',
        senderName: 'Anu Thomas',
        sentAt: '2026-11-21T09:00:00.000Z',
        url: '/dashboard',
        requestId: notification._id,
        silent: 'false',
        system: 'false',
      },
      webpush: { headers: { Urgency: 'high', TTL: String(PUSH_TTL_SECONDS) } },
    });
    expect(message).not.toHaveProperty('notification');
  });

  it('signs in to Firebase with the configured service account under an app name of its own', async () => {
    const receiver = await t.signUp();
    await registerDevice(t, receiver, fcmToken('phone'));
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(firebase.cert).toHaveBeenCalledWith({
      projectId: 'vahan-test',
      clientEmail: 'push@vahan-test.iam.gserviceaccount.com',
      privateKey: expect.stringContaining('BEGIN PRIVATE KEY'),
    });
    expect(firebase.initializeApp).toHaveBeenCalledWith(
      { credential: expect.anything() },
      expect.stringMatching(/^vahan-push-/),
    );
  });

  it('sends nothing to the devices of other users', async () => {
    const receiver = await t.signUp();
    const other = await t.signUp();
    const receiverDevice = fcmToken('receiver');
    await registerDevice(t, receiver, receiverDevice);
    await registerDevice(t, other, fcmToken('other'));
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(sent()[0]?.tokens).toEqual([receiverDevice]);
  });

  it('forgets the devices FCM reports as unregistered or invalid and keeps the rest', async () => {
    const receiver = await t.signUp();
    const [alive, unregistered, invalid, malformed] = ['alive', 'gone', 'invalid', 'malformed'].map(fcmToken);
    for (const token of [alive, unregistered, invalid, malformed]) await registerDevice(t, receiver, token);
    answer({
      [unregistered!]: { code: 'messaging/registration-token-not-registered' },
      [invalid!]: { code: 'messaging/invalid-registration-token' },
      [malformed!]: {
        code: 'messaging/invalid-argument',
        message: 'The registration token is not a valid FCM registration token',
      },
    });
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(await devicesOf(t, receiver)).toEqual([alive]);
  });

  it('keeps the devices when FCM fails for another reason', async () => {
    const receiver = await t.signUp();
    const devices = [fcmToken('busy'), fcmToken('quota')].sort();
    for (const token of devices) await registerDevice(t, receiver, token);
    answer({
      [devices[0]!]: { code: 'messaging/server-unavailable' },
      [devices[1]!]: { code: 'messaging/message-rate-exceeded' },
    });
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(sent()).toHaveLength(1);
    expect(await devicesOf(t, receiver)).toEqual(devices);
  });

  it('keeps the devices and answers nobody with an error when the FCM call itself fails', async () => {
    const receiver = await t.signUp();
    const device = fcmToken('phone');
    await registerDevice(t, receiver, device);
    firebase.sendEachForMulticast.mockRejectedValue(new Error('Credential implementation provided failed'));
    expect(() => publish(t, receiver)).not.toThrow();
    await t.app.notificationBus.settled();
    expect(sent()).toHaveLength(1);
    expect(await devicesOf(t, receiver)).toEqual([device]);
  });

  it('answers the sender without waiting for FCM', async () => {
    const sender = await t.signUp();
    const receiver = await t.signUp();
    await addVehicle(t, receiver);
    await registerDevice(t, receiver, fcmToken('phone'));
    const { vehicleNumber } = await addVehicle(t, receiver);
    let release = () => {};
    firebase.sendEachForMulticast.mockImplementation(
      ({ tokens }) => new Promise((resolve) => (release = () => resolve(batchResponse(tokens)))),
    );
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/sendNotification',
      payload: {
        receiverId: receiver.user._id,
        title: 'Vehicle Notification',
        body: `Please move ${vehicleNumber}`,
      },
      headers: sender.headers,
    });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() => expect(sent()).toHaveLength(1), { timeout: 10_000 });
    expect(sent()[0]?.data).toMatchObject({
      notificationId: response.json()._id,
      body: `Please move ${vehicleNumber}`,
    });
    release();
    await t.app.notificationBus.settled();
  });
});

describe('devices of sessions that are gone', () => {
  it('pushes nothing to the devices signed out by "sign out other devices"', async () => {
    const receiver = await t.signUp();
    const stolen = await anotherSession(t, receiver);
    const [kept, lost] = [fcmToken('kept'), fcmToken('stolen')];
    await registerDevice(t, receiver, kept);
    await registerDevice(t, stolen, lost);
    await t.inject({
      method: 'POST',
      url: '/api/users/logoutOthers',
      payload: {},
      headers: receiver.headers,
    });
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(sent().map((message) => message.tokens)).toEqual([[kept]]);
  });

  it('pushes nothing to the device of a session that expired, and forgets it', async () => {
    const receiver = await t.signUp();
    await registerDevice(t, receiver, fcmToken('idle'));
    // Whole days: the clock keeps its time of day for the quiet-hours tests.
    t.clock.advance(31 * 86_400_000);
    publish(t, receiver);
    await t.app.notificationBus.settled();
    expect(sent()).toEqual([]);
    expect(await devicesOf(t, receiver)).toEqual([]);
  });
});

describe('quiet hours', () => {
  /** The owner's quiet hours are set; a stranger then sends them a message about their car. */
  async function messageOwnerWithQuietHours(quietHours: { start: string; end: string }) {
    const owner = await t.signUp();
    await registerDevice(t, owner, fcmToken('owner'));
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { quietHours },
      headers: owner.headers,
    });
    const car = await addVehicle(t, owner);
    const sender = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      payload: { userId: owner.user._id, vehicleId: car._id, message: 'Your car blocks the gate' },
      headers: sender.headers,
    });
    expect(response.statusCode).toBe(201);
    await t.app.notificationBus.settled();
    return sent()[0]?.data;
  }

  // The test clock stands at 09:00 UTC: 14:30 in India.
  it('pushes a message to an owner in quiet hours silently (no sound or vibration)', async () => {
    expect(await messageOwnerWithQuietHours({ start: '14:00', end: '15:00' })).toMatchObject({
      silent: 'true',
    });
  });

  it('pushes with sound outside the owner’s quiet hours', async () => {
    expect(await messageOwnerWithQuietHours({ start: '22:00', end: '07:00' })).toMatchObject({
      silent: 'false',
    });
  });
});
