import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { requests } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { fcmToken, firebaseEnv, registerDevice } from '../../testing/push-fixtures';
import { aRequest, addNumberedVehicle, messageAbout, reply } from '../../testing/request-fixtures';

const firebase = vi.hoisted(() => ({
  sendEachForMulticast: vi.fn<(message: MulticastMessage) => Promise<BatchResponse>>(),
}));
vi.mock('firebase-admin/app', () => ({
  initializeApp: (_options: unknown, name: string) => ({ name }),
  cert: (account: unknown) => ({ account }),
  deleteApp: async () => {},
}));
vi.mock('firebase-admin/messaging', () => ({
  getMessaging: () => ({ sendEachForMulticast: firebase.sendEachForMulticast }),
}));

/** FCM takes the message for every token, or refuses every one as no longer registered. */
function answerAll(ok: boolean) {
  firebase.sendEachForMulticast.mockImplementation(async ({ tokens }) => ({
    responses: tokens.map(() =>
      ok
        ? { success: true, messageId: 'projects/vahan-test/messages/1' }
        : {
            success: false,
            error: { code: 'messaging/registration-token-not-registered', message: 'gone' } as never,
          },
    ),
    successCount: ok ? tokens.length : 0,
    failureCount: ok ? 0 : tokens.length,
  }));
}

const pushedTo = (who: string) =>
  firebase.sendEachForMulticast.mock.calls
    .map(([message]) => message)
    .filter((message) => message.tokens.some((token) => token.startsWith(who)));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ...firebaseEnv, REMINDER_AFTER_S: '1' } });
});
afterAll(() => t.close());
beforeEach(() => {
  firebase.sendEachForMulticast.mockReset();
  answerAll(true);
});

const deliveredAt = async (id: string) =>
  (await t.app.database.db.select().from(requests).where(eq(requests.id, id)))[0]?.deliveredAt;

async function withDevice(who: SignedIn, label: string) {
  await registerDevice(t, who, fcmToken(label));
}

describe('push and the request lifecycle', () => {
  it('does not count a push the service took as delivered: only a device that showed it counts', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    await withDevice(owner, 'owner-phone');
    const vehicle = await addNumberedVehicle(t, owner);
    const notification = await messageAbout(t, sender, owner, vehicle._id);
    await t.app.notificationBus.settled();
    expect(pushedTo('owner-phone')).toHaveLength(1);
    expect(await deliveredAt(notification._id)).toBeNull();
  });

  it('counts the push its service worker reports it showed as delivered, and tells the sender', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    await withDevice(owner, 'showing-phone');
    const vehicle = await addNumberedVehicle(t, owner);
    const notification = await messageAbout(t, sender, owner, vehicle._id);
    const reported = await t.inject({
      method: 'POST',
      url: '/api/users/notificationsDelivered',
      headers: owner.headers,
      payload: { ids: [notification._id] },
    });
    expect(reported.statusCode).toBe(200);
    expect(await deliveredAt(notification._id)).toEqual(t.clock.now());
  });

  it("ignores a report of someone else's request", async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    const notification = await messageAbout(t, sender, owner, vehicle._id);
    const reported = await t.inject({
      method: 'POST',
      url: '/api/users/notificationsDelivered',
      headers: sender.headers,
      payload: { ids: [notification._id] },
    });
    expect(reported.statusCode).toBe(200);
    expect(await deliveredAt(notification._id)).toBeNull();
  });

  it('pushes the answer to the sender, saying whose: "Reply from the owner of KL07AB1234"', async () => {
    const { sender, owner, vehicle, notification } = await aRequest(t);
    await withDevice(sender, 'sender-phone');
    await reply(t, owner, { notificationId: notification._id, kind: 'five_minutes' });
    await t.app.notificationBus.settled();
    const [message] = pushedTo('sender-phone');
    expect(message?.data).toEqual({
      notificationId: `reply-${notification._id}`,
      title: `Reply from the owner of ${vehicle.vehicleNumber.toUpperCase()}`,
      body: 'Coming in 5 minutes',
      senderName: '',
      sentAt: t.clock.now().toISOString(),
      url: '/requests',
      silent: 'false',
      system: 'false',
      language: 'en',
    });
  });

  it('pushes the owner’s words after the answer', async () => {
    const { sender, owner, notification } = await aRequest(t);
    await withDevice(sender, 'worded-sender');
    await reply(t, owner, { notificationId: notification._id, kind: 'cannot_come', text: 'At the hospital' });
    await t.app.notificationBus.settled();
    const [message] = pushedTo('worded-sender');
    expect(message?.data?.body).toBe("Can't come now: At the hospital");
  });

  it('does not push "seen" to the sender', async () => {
    const { sender, owner, notification } = await aRequest(t);
    await withDevice(sender, 'quiet-sender');
    await t.inject({
      method: 'POST',
      url: '/api/users/notificationsSeen',
      payload: { ids: [notification._id] },
      headers: owner.headers,
    });
    await t.app.notificationBus.settled();
    expect(pushedTo('quiet-sender')).toEqual([]);
  });

  it('pushes the reminder to every device of the receiver', async () => {
    const { owner, notification } = await aRequest(t);
    // The request's own push must be out before the devices exist, or it could reach the first of them.
    await t.app.notificationBus.settled();
    await withDevice(owner, 'reminded-phone');
    await withDevice(owner, 'reminded-laptop');
    t.clock.advance(1000);
    await t.app.requestReminders.sweep();
    await t.app.notificationBus.settled();
    expect(pushedTo('reminded-')).toHaveLength(1);
    const [message] = pushedTo('reminded-');
    expect(message?.tokens).toHaveLength(2);
    expect(message?.data).toMatchObject({
      notificationId: notification._id,
      title: `Reminder: ${notification.title}`,
      url: `/dashboard?request=${notification._id}`,
      requestId: notification._id,
    });
  });
});
