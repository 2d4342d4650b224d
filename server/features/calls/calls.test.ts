import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedVehicle, ServerNotification, Vehicle } from '#common/api';
import { textsFor } from '../../i18n/texts';
import { requests } from '../../db/schema';
import {
  EXOTEL_CALLER_ID,
  startFakeExotel,
  type FakeExotel,
} from '../../providers/telephony/testing/fake-exotel';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { search, updateProfile } from '../../testing/user-api';
import { quietHoursNow } from '../../testing/quiet-hours';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { exotelTelephony } from '../../providers/telephony/exotel-telephony';
import type { Telephony } from '../../providers/telephony';

const english = textsFor('en');

const HOUR_MS = 60 * 60_000;
/** The default of CALLS_PER_RECEIVER_HOUR. */
const CALLS_PER_RECEIVER_HOUR = 6;

let fake: FakeExotel;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeExotel();
  const exotel = {
    accountSid: fake.env.EXOTEL_ACCOUNT_SID!,
    apiKey: fake.env.EXOTEL_API_KEY!,
    apiToken: fake.env.EXOTEL_API_TOKEN!,
    callerId: EXOTEL_CALLER_ID,
    baseUrl: fake.url,
    callTimeLimitS: 300,
  };
  // The timeout is real (an aborted fetch): short only for a fake that never answers, so that test
  // stays quick, and ample otherwise, so an answer slowed by a busy machine is not taken for none.
  const impatient = exotelTelephony(exotel, { timeoutMs: 300 });
  const patient = exotelTelephony(exotel, { timeoutMs: 10_000 });
  const telephony: Telephony = {
    connect: (call) => (fake.mode === 'hang' ? impatient : patient).connect(call),
  };
  t = await createTestApp({ env: fake.env, deps: { telephony } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'success';
  fake.received.length = 0;
});

const callOwner = (who: SignedIn | null, payload: object) =>
  t.inject({ method: 'POST', url: '/api/users/callOwner', payload, headers: who?.headers ?? {} });

async function ownerWithCar(): Promise<{ owner: SignedIn; car: Vehicle }> {
  const owner = await t.signUp({ name: 'Hidden Owner' });
  await updateProfile(t, owner, { phoneVisible: false });
  return { owner, car: await addVehicle(t, owner) };
}

const callsTo = (owner: SignedIn) =>
  t.app.database.db
    .select()
    .from(requests)
    .where(eq(requests.receiverId, owner.user._id))
    .then((rows) => rows.filter((row) => row.kind === 'call'));

describe('POST /api/users/callOwner', () => {
  it('asks Exotel to ring the caller first, then the owner, and answers 202 {message}', async () => {
    const { owner, car } = await ownerWithCar();
    const caller = await t.signUp();
    const response = await callOwner(caller, { vehicleId: car._id });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: english._('server.calls.placed') });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]?.form.get('From')).toBe(`+91${caller.user.phone}`);
    expect(fake.received[0]?.form.get('To')).toBe(`+91${owner.user.phone}`);
  });

  it("never answers the caller with the owner's number", async () => {
    const { owner, car } = await ownerWithCar();
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.body).not.toContain(owner.user.phone);
  });

  it("records the call as a request of kind 'call' that the owner sees in the bell", async () => {
    const { owner, car } = await ownerWithCar();
    const caller = await t.signUp({ name: 'Caller Kumar' });
    await updateProfile(t, caller, { phoneVisible: false });
    await callOwner(caller, { vehicleId: car._id });
    expect(await callsTo(owner)).toHaveLength(1);
    const unread = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: owner.headers,
    });
    const [item] = unread.json<ServerNotification[]>();
    expect(item).toMatchObject({
      title: `Call about ${car.vehicleNumber.toUpperCase()}`,
      senderId: { name: 'Caller Kumar' },
    });
    expect(item?.senderId.phone).toBeUndefined();
  });

  it('answers 503 {message} and asks no one when no telephony provider is configured', async () => {
    const plain = await createTestApp();
    try {
      const owner = await plain.signUp();
      const car = await addVehicle(plain, owner);
      const caller = await plain.signUp();
      const response = await plain.inject({
        method: 'POST',
        url: '/api/users/callOwner',
        payload: { vehicleId: car._id },
        headers: caller.headers,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: english._('server.calls.noProvider') });
      expect(fake.received).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });

  it('answers 404 for an unknown registration', async () => {
    const response = await callOwner(await t.signUp(), { vehicleId: '00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(fake.received).toHaveLength(0);
  });

  it('answers 400 for a call about your own vehicle', async () => {
    const { owner, car } = await ownerWithCar();
    const response = await callOwner(owner, { vehicleId: car._id });
    expect(response.statusCode).toBe(400);
    expect(fake.received).toHaveLength(0);
  });

  it.each([
    ['no vehicleId', {}],
    ['a vehicleId that is not an id', { vehicleId: 'abc' }],
    ['another field', { vehicleId: '00000000-0000-4000-8000-000000000000', phone: '9876543210' }],
  ])('answers 400 to %s', async (_what, payload) => {
    const response = await callOwner(await t.signUp(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 without a token', async () => {
    const { car } = await ownerWithCar();
    expect((await callOwner(null, { vehicleId: car._id })).statusCode).toBe(401);
  });

  it('answers 403 when the owner blocked the caller, and places nothing', async () => {
    const { owner, car } = await ownerWithCar();
    const caller = await t.signUp();
    await callOwner(caller, { vehicleId: car._id });
    const [call] = await callsTo(owner);
    await t.inject({
      method: 'POST',
      url: '/api/users/blockSender',
      payload: { notificationId: call?.id },
      headers: owner.headers,
    });
    fake.received.length = 0;
    const response = await callOwner(caller, { vehicleId: car._id });
    expect(response.statusCode).toBe(403);
    expect(fake.received).toHaveLength(0);
    expect(await callsTo(owner)).toHaveLength(1);
  });

  it('answers 409 when the owner does not take masked calls', async () => {
    const { owner, car } = await ownerWithCar();
    await updateProfile(t, owner, { allowCalls: false });
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: english._('server.calls.ownerDeclines') });
    expect(fake.received).toHaveLength(0);
  });

  it('answers 409 during the owner’s quiet hours without telling when they end', async () => {
    const { owner, car } = await ownerWithCar();
    const quietHours = quietHoursNow(t);
    await updateProfile(t, owner, { quietHours });
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: english._('server.calls.quietHours') });
    expect(response.json().message).not.toMatch(/\d/);
    expect(response.json().message).not.toContain(quietHours.end);
    expect(fake.received).toHaveLength(0);
    expect(await callsTo(owner)).toHaveLength(0);
  });

  it('places the call outside the owner’s quiet hours', async () => {
    const { owner, car } = await ownerWithCar();
    const { start, end } = quietHoursNow(t);
    await updateProfile(t, owner, { quietHours: { start: end, end: start } });
    expect((await callOwner(await t.signUp(), { vehicleId: car._id })).statusCode).toBe(202);
  });

  it('answers 502 when Exotel refuses the call, and records nothing as placed', async () => {
    const { owner, car } = await ownerWithCar();
    fake.mode = 'error';
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toContain(owner.user.phone);
    expect(await callsTo(owner)).toHaveLength(0);
  });

  it('answers 503 when Exotel does not answer in time, and records nothing as placed', async () => {
    const { owner, car } = await ownerWithCar();
    fake.mode = 'hang';
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await callsTo(owner)).toHaveLength(0);
  });

  it('does not count a call Exotel refused toward the limits', async () => {
    const { car } = await ownerWithCar();
    const caller = await t.signUp();
    fake.mode = 'error';
    await callOwner(caller, { vehicleId: car._id });
    await callOwner(caller, { vehicleId: car._id });
    fake.mode = 'success';
    expect((await callOwner(caller, { vehicleId: car._id })).statusCode).toBe(202);
  });
});

describe('call limits', () => {
  it('answers 429 with Retry-After to a third call to one owner within an hour', async () => {
    const { car } = await ownerWithCar();
    const caller = await t.signUp();
    expect((await callOwner(caller, { vehicleId: car._id })).statusCode).toBe(202);
    t.clock.advance(10 * 60_000);
    expect((await callOwner(caller, { vehicleId: car._id })).statusCode).toBe(202);
    const response = await callOwner(caller, { vehicleId: car._id });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.headers['retry-after']).toBe(String(50 * 60));
    expect(fake.received).toHaveLength(2);
  });

  it('lets the caller call that owner again an hour after the first call', async () => {
    const { car } = await ownerWithCar();
    const caller = await t.signUp();
    await callOwner(caller, { vehicleId: car._id });
    await callOwner(caller, { vehicleId: car._id });
    t.clock.advance(HOUR_MS);
    expect((await callOwner(caller, { vehicleId: car._id })).statusCode).toBe(202);
  });

  it('answers 429 with Retry-After to a sixth call within an hour, to anyone', async () => {
    const caller = await t.signUp();
    for (let i = 0; i < 5; i++) {
      const { car } = await ownerWithCar();
      expect((await callOwner(caller, { vehicleId: car._id })).statusCode).toBe(202);
    }
    const { car } = await ownerWithCar();
    const response = await callOwner(caller, { vehicleId: car._id });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('places exactly two of four calls fired at once to one owner', async () => {
    const { owner, car } = await ownerWithCar();
    const caller = await t.signUp();
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () => callOwner(caller, { vehicleId: car._id }).then((r) => r.statusCode)),
    );
    expect(statuses.sort()).toEqual([202, 202, 429, 429]);
    expect(await callsTo(owner)).toHaveLength(2);
    expect(fake.received).toHaveLength(2);
  });

  it('answers 429 with Retry-After to a seventh call to one owner within an hour, by anyone', async () => {
    const { owner, car } = await ownerWithCar();
    expect((await callOwner(await t.signUp(), { vehicleId: car._id })).statusCode).toBe(202);
    t.clock.advance(10 * 60_000);
    for (let i = 1; i < CALLS_PER_RECEIVER_HOUR; i++) {
      expect((await callOwner(await t.signUp(), { vehicleId: car._id })).statusCode).toBe(202);
    }
    const response = await callOwner(await t.signUp(), { vehicleId: car._id });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: english._('server.calls.receiverLimit') });
    expect(response.headers['retry-after']).toBe(String(50 * 60));
    expect(await callsTo(owner)).toHaveLength(CALLS_PER_RECEIVER_HOUR);
    expect(fake.received).toHaveLength(CALLS_PER_RECEIVER_HOUR);
  });

  it('does not count calls toward the message limits', async () => {
    const limited = await createTestApp({
      env: { ...fake.env, SENDS_PER_PAIR_10_MINUTES: '1' },
      deps: { telephony: t.app.deps.telephony },
    });
    try {
      const owner = await limited.signUp();
      const car = await addVehicle(limited, owner);
      const caller = await limited.signUp();
      const call = await limited.inject({
        method: 'POST',
        url: '/api/users/callOwner',
        payload: { vehicleId: car._id },
        headers: caller.headers,
      });
      expect(call.statusCode).toBe(202);
      const message = await limited.inject({
        method: 'POST',
        url: '/api/users/sendMessage',
        payload: { userId: owner.user._id, vehicleId: car._id, message: 'Please move your car' },
        headers: caller.headers,
      });
      expect(message.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the cap on calls to one owner (CALLS_PER_RECEIVER_HOUR)', () => {
  const CAP = 3;
  /** A provider that places every call at once, so that only the cap decides. */
  const accepting: Telephony = { connect: async () => {} };
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      env: { ...fake.env, CALLS_PER_RECEIVER_HOUR: String(CAP) },
      deps: { telephony: accepting },
    });
  });
  afterAll(() => capped.close());

  const callAs = async (caller: SignedIn, car: Vehicle) =>
    (
      await capped.inject({
        method: 'POST',
        url: '/api/users/callOwner',
        payload: { vehicleId: car._id },
        headers: caller.headers,
      })
    ).statusCode;

  it('takes the cap from the setting', async () => {
    const car = await addVehicle(capped, await capped.signUp());
    for (let i = 0; i < CAP; i++) expect(await callAs(await capped.signUp(), car)).toBe(202);
    expect(await callAs(await capped.signUp(), car)).toBe(429);
  });

  it('places exactly that many of the calls different callers fire at once at one owner', async () => {
    const car = await addVehicle(capped, await capped.signUp());
    const callers = await Promise.all(Array.from({ length: 2 * CAP }, () => capped.signUp()));
    const statuses = await Promise.all(callers.map((caller) => callAs(caller, car)));
    expect(statuses.sort()).toEqual([...Array<number>(CAP).fill(202), ...Array<number>(CAP).fill(429)]);
  });
});

describe('the masked call in a search result', () => {
  const maskedCallOf = async (who: SignedIn, car: Vehicle) =>
    (await search(t, who, car.vehicleNumber)).json<OwnedVehicle[]>()[0]?.userId.maskedCall;

  it('is available for an owner who takes calls', async () => {
    const { car } = await ownerWithCar();
    expect(await maskedCallOf(await t.signUp(), car)).toEqual({ available: true });
  });

  it('says why not for an owner who does not take calls', async () => {
    const { owner, car } = await ownerWithCar();
    await updateProfile(t, owner, { allowCalls: false });
    expect(await maskedCallOf(await t.signUp(), car)).toEqual({
      available: false,
      reason: english._('server.calls.ownerDeclines'),
    });
  });

  it('says an owner is in quiet hours, but not until when', async () => {
    const { owner, car } = await ownerWithCar();
    const quietHours = quietHoursNow(t);
    await updateProfile(t, owner, { quietHours });
    const maskedCall = await maskedCallOf(await t.signUp(), car);
    expect(maskedCall).toEqual({ available: false, reason: english._('server.calls.quietHours') });
    expect(maskedCall?.reason).not.toMatch(/\d/);
    expect(maskedCall?.reason).not.toContain(quietHours.end);
  });
});
