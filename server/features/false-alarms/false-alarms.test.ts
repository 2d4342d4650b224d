import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification, Strikes } from '#common/api';
import { cameraJpeg, multipartForm } from '../../testing/photo-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';

const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A provider that places every call, so that a call is refused only for the pause.
    deps: { telephony: { connect: async () => {} } },
    // Sessions outlive the months these tests move the clock by.
    env: {
      STRIKES_TO_PAUSE: '3',
      STRIKE_WINDOW_DAYS: '30',
      PAUSE_DAYS: '30',
      SESSION_TTL_DAYS: '365',
      SESSION_MAX_DAYS: '3650',
    },
  });
});
afterAll(() => t.close());

async function message(sender: SignedIn, owner: SignedIn): Promise<ServerNotification> {
  const vehicle = await addVehicle(t, owner);
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/sendMessage',
    headers: sender.headers,
    payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Your car is blocking the gate' },
  });
  if (response.statusCode !== 201) throw new Error(`sendMessage failed: ${response.body}`);
  return response.json<ServerNotification>();
}

const report = (who: SignedIn, notificationId: string) =>
  t.inject({
    method: 'POST',
    url: '/api/users/reportFalseAlarm',
    headers: who.headers,
    payload: { notificationId },
  });

async function strikesOf(who: SignedIn): Promise<Strikes> {
  const response = await t.inject({ method: 'GET', url: '/api/users/strikes', headers: who.headers });
  return response.json<Strikes>();
}

/** A strike against `sender` from `receiver`: a new request, reported. */
async function strike(sender: SignedIn, receiver: SignedIn) {
  const sent = await message(sender, receiver);
  const response = await report(receiver, sent._id);
  if (response.statusCode !== 200) throw new Error(`report failed: ${response.body}`);
}

describe('POST /api/users/reportFalseAlarm', () => {
  it('marks a request once: 200, then 409', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    const first = await report(receiver, sent._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Marked as a false alarm.' });
    const again = await report(receiver, sent._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: expect.any(String) });
    expect(await strikesOf(sender)).toEqual({ strikes: 1, windowDays: 30, pausedUntil: null });
  });

  it("answers 404 to a request that is not the caller's to report, its sender's included", async () => {
    const [sender, receiver, third] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    expect((await report(third, sent._id)).statusCode).toBe(404);
    expect((await report(sender, sent._id)).statusCode).toBe(404);
    expect((await strikesOf(sender)).strikes).toBe(0);
  });

  it('counts one strike per receiver against one sender a day', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await strike(sender, receiver);
    await strike(sender, receiver);
    expect((await strikesOf(sender)).strikes).toBe(1);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, receiver);
    expect((await strikesOf(sender)).strikes).toBe(2);
  });

  it('does not pause a sender whose strikes all come from one receiver', async () => {
    const [sender, receiver, other] = [await t.signUp(), await t.signUp(), await t.signUp()];
    for (let day = 0; day < 4; day++) {
      await strike(sender, receiver);
      t.clock.advance(DAY_MS + 1000);
    }
    expect(await strikesOf(sender)).toEqual({ strikes: 4, windowDays: 30, pausedUntil: null });
    expect((await message(sender, other)).content).toBe('Your car is blocking the gate');
  });

  it('forgets strikes older than STRIKE_WINDOW_DAYS', async () => {
    const [sender, first, second] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(31 * DAY_MS);
    await strike(sender, first);
    expect(await strikesOf(sender)).toEqual({ strikes: 1, windowDays: 30, pausedUntil: null });
  });
});

describe('the pause after STRIKES_TO_PAUSE strikes from two receivers', () => {
  it('refuses every way of reaching an owner with 403 saying until when, for PAUSE_DAYS', async () => {
    const [sender, first, second, owner] = [
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, first);
    const pausedAt = t.clock.now();
    const until = new Date(pausedAt.getTime() + 30 * DAY_MS);
    expect(await strikesOf(sender)).toEqual({ strikes: 3, windowDays: 30, pausedUntil: until.toISOString() });

    const vehicle = await addVehicle(t, owner);
    const form = multipartForm({ userId: owner.user._id, vehicleId: vehicle._id }, [
      { filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) },
    ]);
    const attempts = [
      await t.inject({
        method: 'POST',
        url: '/api/users/sendMessage',
        headers: sender.headers,
        payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move' },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/sendNotification',
        headers: sender.headers,
        payload: {
          receiverId: owner.user._id,
          title: 'Vehicle Notification',
          body: `Please move ${vehicle.vehicleNumber}`,
        },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/callOwner',
        headers: sender.headers,
        payload: { vehicleId: vehicle._id },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/sendImage',
        headers: { ...sender.headers, ...form.headers },
        payload: form.payload,
      }),
    ];
    const date = until.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json()).toEqual({
        message: `Too many of your requests were marked as false alarms. You cannot reach owners until ${date}.`,
      });
    }

    t.clock.advance(30 * DAY_MS + 1000);
    expect((await strikesOf(sender)).pausedUntil).toBeNull();
    expect((await message(sender, owner)).content).toBe('Your car is blocking the gate');
  });

  it('says the date in Malayalam to a sender who reads Malayalam', async () => {
    const [sender, first, second, owner] = [
      await t.signUp({ language: 'ml' }),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, first);
    const vehicle = await addVehicle(t, owner);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: sender.headers,
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move' },
    });
    const until = new Date(t.clock.now().getTime() + 30 * DAY_MS);
    const date = until.toLocaleDateString('ml', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain(date);
  });
});
