import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { notify, storedFor, vehicleOf } from '../../testing/notification-fixtures';
import { post } from '../../testing/user-api';

const PER_SENDER_PER_MINUTE = 10;
const PER_PAIR_PER_10_MINUTES = 3;

let t: TestApp;
beforeAll(async () => {
  // The default limits, which createTestApp relaxes for every other test file.
  t = await createTestApp({
    env: {
      SENDS_PER_SENDER_MINUTE: String(PER_SENDER_PER_MINUTE),
      SENDS_PER_PAIR_10_MINUTES: String(PER_PAIR_PER_10_MINUTES),
    },
  });
});
afterAll(() => t.close());

async function sendTimes(from: SignedIn, to: SignedIn, times: number) {
  for (let i = 0; i < times; i++) expect((await notify(t, from, to)).statusCode).toBe(201);
}

/** `count` sends by one sender, spread over new receivers so that no pair reaches its own limit. */
async function sendSpread(from: SignedIn, count: number) {
  for (let sent = 0; sent < count; sent += PER_PAIR_PER_10_MINUTES) {
    await sendTimes(from, await t.signUp(), Math.min(PER_PAIR_PER_10_MINUTES, count - sent));
  }
}

describe('sending limits', () => {
  it('answers 429 with Retry-After to a fourth send to one receiver within 10 minutes', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendTimes(sender, receiver, 1);
    t.clock.advance(2 * 60_000);
    await sendTimes(sender, receiver, 2);
    const response = await notify(t, sender, receiver);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.headers['retry-after']).toBe(String(8 * 60));
    expect(await storedFor(t, receiver)).toHaveLength(PER_PAIR_PER_10_MINUTES);
  });

  it('holds the pair limit when sends arrive at the same time', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const responses = await Promise.all(Array.from({ length: 6 }, () => notify(t, sender, receiver)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await storedFor(t, receiver)).toHaveLength(PER_PAIR_PER_10_MINUTES);
  });

  it('counts messages and notifications to one receiver together', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await vehicleOf(t, owner);
    const message = { userId: owner.user._id, vehicleId: vehicle.id, message: 'Please move' };
    await sendTimes(sender, owner, PER_PAIR_PER_10_MINUTES);
    expect((await post(t, '/api/users/sendMessage', message, sender)).statusCode).toBe(429);
  });

  it('lets the sender reach the same receiver again once 10 minutes have passed', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendTimes(sender, receiver, PER_PAIR_PER_10_MINUTES);
    t.clock.advance(10 * 60_000);
    expect((await notify(t, sender, receiver)).statusCode).toBe(201);
  });

  it('still lets the sender reach another receiver when one pair is at its limit', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await sendTimes(sender, receiver, PER_PAIR_PER_10_MINUTES);
    expect((await notify(t, sender, await t.signUp())).statusCode).toBe(201);
  });

  it('answers 429 with Retry-After to an eleventh send by one sender within a minute', async () => {
    const sender = await t.signUp();
    await sendSpread(sender, PER_SENDER_PER_MINUTE);
    const fresh = await t.signUp();
    t.clock.advance(15_000);
    const response = await notify(t, sender, fresh);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('45');
    expect(await storedFor(t, fresh)).toEqual([]);
  });

  it('lets the sender send again once the minute has passed', async () => {
    const sender = await t.signUp();
    await sendSpread(sender, PER_SENDER_PER_MINUTE);
    t.clock.advance(60_000);
    expect((await notify(t, sender, await t.signUp())).statusCode).toBe(201);
  });
});
