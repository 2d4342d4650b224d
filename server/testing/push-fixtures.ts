import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PushData, SentRequest, ServerNotification } from '#common/api';
import { deviceTokens } from '../db/schema';
import type { SignedIn, TestApp } from './test-app';

/** A notification as the notifications feature publishes it (these tests publish on the bus directly). */
export function aNotification(content = 'Your car is blocking the gate'): ServerNotification {
  return {
    _id: randomUUID(),
    senderId: { name: 'Anu Thomas' },
    title: 'Vehicle Notification',
    content,
    sentAt: '2026-11-21T09:00:00.000Z',
    read: false,
    system: false,
  };
}

/** A request as its sender follows it, for tests that publish a change of it on the bus directly. */
export function aSentRequest(id = randomUUID()): SentRequest {
  return {
    _id: id,
    vehicleNumber: 'KL07AB1234',
    content: 'Your car is blocking the gate',
    sentAt: '2026-11-21T09:00:00.000Z',
    deliveredAt: null,
    seenAt: null,
    reply: null,
    reminderSentAt: null,
    fallbacks: [],
  };
}

function pushDataOf(notification: ServerNotification): PushData {
  return {
    notificationId: notification._id,
    title: notification.title,
    body: notification.content,
    senderName: notification.senderId.name,
    sentAt: notification.sentAt,
    url: '/dashboard',
    requestId: notification._id,
    silent: false,
    system: false,
  };
}

export function publish(t: TestApp, receiver: SignedIn, notification = aNotification()): ServerNotification {
  t.app.notificationBus.publish({
    kind: 'notification',
    userId: receiver.user._id,
    notification,
    push: pushDataOf(notification),
  });
  return notification;
}

export const registerDevice = (t: TestApp, who: SignedIn | null, token: unknown) =>
  t.inject({
    method: 'POST',
    url: '/api/users/fcmToken',
    payload: { token },
    headers: who?.headers ?? {},
  });

/** The same user signed in on one more device: a session of its own. */
export async function anotherSession(t: TestApp, who: SignedIn): Promise<SignedIn> {
  const token = await t.app.sessions.create(who.user._id);
  return { ...who, token, headers: { authorization: `Bearer ${token}` } };
}

export async function devicesOf(t: TestApp, who: SignedIn): Promise<string[]> {
  const rows = await t.app.database.db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, who.user._id));
  return rows.map((row) => row.token).sort();
}

/** A plausible FCM registration token, unique per call. */
export const fcmToken = (label: string) => `${label}:APA91b${randomUUID().replaceAll('-', '')}`;

export const webConfig = {
  apiKey: 'AIzaSyTest',
  authDomain: 'vahan-test.firebaseapp.com',
  projectId: 'vahan-test',
  storageBucket: 'vahan-test.appspot.com',
  messagingSenderId: '123456789012',
  appId: '1:123456789012:web:abc123',
};

/** Push configured, with a service account that only a mocked firebase-admin accepts. */
export const firebaseEnv = {
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    type: 'service_account',
    project_id: 'vahan-test',
    client_email: 'push@vahan-test.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----\n',
  }),
  FIREBASE_WEB_CONFIG: JSON.stringify({ ...webConfig, measurementId: 'G-XYZ' }),
  FIREBASE_VAPID_KEY: 'BNv-test-vapid-key',
};
