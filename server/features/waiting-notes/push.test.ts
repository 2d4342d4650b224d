import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import type { LeftWaitingNote } from '#common/api';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fcmToken, firebaseEnv, registerDevice } from '../../testing/push-fixtures';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';

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

const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: firebaseEnv });
  firebase.sendEachForMulticast.mockImplementation(async ({ tokens }) => ({
    responses: tokens.map(() => ({ success: true, messageId: 'projects/vahan-test/messages/1' })),
    successCount: tokens.length,
    failureCount: 0,
  }));
});
afterAll(() => t.close());

describe('a waiting note delivered by push', () => {
  it('reaches the new owner’s device, saying when it was written', async () => {
    const [sender, owner] = [await t.signUp({ name: 'Rahul Nair' }), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const writtenAt = t.clock.now().toISOString();
    const left = await t.inject({
      method: 'POST',
      url: '/api/users/waitingNotes',
      headers: sender.headers,
      payload: { vehicleNumber, text: 'Blocking the gate' },
    });
    const note = left.json<LeftWaitingNote>();
    t.clock.advance(2 * DAY_MS);
    await registerDevice(t, owner, fcmToken('new-owner-phone'));
    await addVehicle(t, owner, { vehicleNumber });
    await t.app.notificationBus.settled();
    const pushed = firebase.sendEachForMulticast.mock.calls
      .map(([message]) => message)
      .filter((message) => message.tokens.some((token) => token.startsWith('new-owner-phone')));
    expect(pushed.map((message) => message.data)).toEqual([
      expect.objectContaining({
        notificationId: note._id,
        body: 'Blocking the gate',
        senderName: 'Rahul Nair',
        sentAt: writtenAt,
      }),
    ]);
  });
});
