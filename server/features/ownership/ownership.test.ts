import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedVehicle, Vehicle } from '#common/api';
import { startFakeCashfree, type FakeCashfree } from '../../testing/fake-cashfree';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';

let fake: FakeCashfree;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeCashfree();
  t = await createTestApp({
    env: {
      RC_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: 'CF-client',
      CASHFREE_CLIENT_SECRET: 'cf-secret',
      CASHFREE_BASE_URL: fake.url,
      VEHICLES_PER_USER: '10',
      VEHICLE_CHANGES_PER_USER_HOUR: '20',
    },
  });
});
afterAll(async () => {
  await t.close();
  fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
  fake.status = 200;
  fake.hang = false;
  fake.record = {
    status: 'VALID',
    chassis: 'MA3EWDE1S00412345',
    engine: 'K12MN7654321',
    rc_status: 'ACTIVE',
  };
});

const post = (who: SignedIn, url: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api/users/${url}`, headers: who.headers, payload });
const verify = (who: SignedIn, vehicle: Vehicle, chassisLast5 = '12345', engineLast5 = '54321') =>
  post(who, 'verifyVehicle', { id: vehicle._id, chassisLast5, engineLast5 });
const search = async (who: SignedIn, vehicleNumber: string) =>
  (await post(who, 'getVehicleOwner', { vehicleNumber })).json<OwnedVehicle[]>();
const myVehicles = async (who: SignedIn) =>
  (await t.inject({ method: 'GET', url: '/api/users/getMyVehicles', headers: who.headers })).json<
    Vehicle[]
  >();

describe('several registrants per number', () => {
  it('returns every registration of the number from the search, each with verified', async () => {
    const [first, second, finder] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    await addVehicle(t, first, { vehicleNumber });
    await addVehicle(t, second, { vehicleNumber });
    const found = await search(finder, vehicleNumber);
    expect(found.map((vehicle) => vehicle.userId._id).sort()).toEqual(
      [first.user._id, second.user._id].sort(),
    );
    expect(found.every((vehicle) => vehicle.verified === false)).toBe(true);
  });
});

describe('the per-account caps', () => {
  it('refuses the eleventh vehicle of an account with 409 and stores nothing', async () => {
    const squatter = await t.signUp();
    for (let i = 0; i < 10; i++) await addVehicle(t, squatter);
    const response = await post(squatter, 'addVehicle', {
      name: 'One more',
      vehicleNumber: nextVehicleNumber(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: expect.stringContaining('at most 10 vehicles') });
    expect(await myVehicles(squatter)).toHaveLength(10);
  });

  it('answers 429 with Retry-After past 20 adds and number changes an hour, and stores nothing', async () => {
    const busy = await t.signUp();
    const vehicle = await addVehicle(t, busy);
    for (let i = 0; i < 19; i++) {
      const renumbered = await t.inject({
        method: 'PATCH',
        url: '/api/users/updateVehicle',
        headers: busy.headers,
        payload: { id: vehicle._id, vehicleNumber: nextVehicleNumber() },
      });
      expect(renumbered.statusCode).toBe(200);
    }
    const response = await post(busy, 'addVehicle', { name: 'Late', vehicleNumber: nextVehicleNumber() });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await myVehicles(busy)).toHaveLength(1);
    t.clock.advance(3_600_000);
    expect(
      (await post(busy, 'addVehicle', { name: 'Later', vehicleNumber: nextVehicleNumber() })).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/users/verifyVehicle', () => {
  it('asks Cashfree for the RC record with the client id and secret and marks the vehicle verified', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const response = await verify(owner, vehicle, ' 123 45', '54321');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: vehicle._id, verified: true });
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/verification/vehicle-rc');
    expect(request?.headers['x-client-id']).toBe('CF-client');
    expect(request?.headers['x-client-secret']).toBe('cf-secret');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(request?.body).toEqual({
      verification_id: expect.stringMatching(/^[A-Za-z0-9._-]{1,50}$/),
      vehicle_number: vehicle.vehicleNumber.toUpperCase(),
    });
  });

  it('answers 400 and changes nothing when the numbers do not match the record', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const response = await verify(owner, vehicle, '99999', '54321');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await myVehicles(owner))[0]?.verified).toBe(false);
  });

  it('cannot verify a cancelled or suspended RC', async () => {
    fake.record.rc_status = 'SUSPENDED';
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    expect((await verify(owner, vehicle)).statusCode).toBe(400);
    expect((await myVehicles(owner))[0]?.verified).toBe(false);
  });

  it('answers 503 and changes nothing when the provider answers an error', async () => {
    fake.status = 500;
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const response = await verify(owner, vehicle);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await myVehicles(owner))[0]?.verified).toBe(false);
  });

  it('answers 503 when the provider does not answer within 5 seconds', { timeout: 15_000 }, async () => {
    fake.hang = true;
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const started = Date.now();
    const response = await verify(owner, vehicle);
    expect(response.statusCode).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect((await myVehicles(owner))[0]?.verified).toBe(false);
  });

  it('answers 429 after 5 attempts on one registration in a day', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    for (let i = 0; i < 5; i++) expect((await verify(owner, vehicle, '00000')).statusCode).toBe(400);
    const response = await verify(owner, vehicle);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.received).toHaveLength(5);
  });

  it("answers 404 for another user's vehicle", async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    const vehicle = await addVehicle(t, owner);
    expect((await verify(other, vehicle)).statusCode).toBe(404);
    expect(fake.received).toHaveLength(0);
  });
});

describe('a squatter and the real owner', () => {
  it('refuses the squatter after the cap, and stops reaching the squatter once the owner verifies', async () => {
    const [squatter, owner, finder] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const numbers = Array.from({ length: 12 }, () => nextVehicleNumber());
    const answers: number[] = [];
    for (const vehicleNumber of numbers) {
      answers.push((await post(squatter, 'addVehicle', { name: 'Mine', vehicleNumber })).statusCode);
    }
    expect(answers).toEqual([...Array<number>(10).fill(201), 409, 409]);

    const plate = numbers[0] ?? '';
    const squatted = (await search(finder, plate))[0];
    if (!squatted) throw new Error('the squatted number was not found');
    const real = await addVehicle(t, owner, { vehicleNumber: plate });
    expect((await verify(owner, real)).statusCode).toBe(200);

    const found = await search(finder, plate);
    expect(found.map((vehicle) => vehicle.userId._id)).toEqual([owner.user._id]);
    expect(found[0]?.verified).toBe(true);
    const message = await post(finder, 'sendMessage', {
      userId: squatter.user._id,
      vehicleId: squatted._id,
      message: 'Please move your car',
    });
    expect(message.statusCode).toBe(404);
    const unread = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: squatter.headers,
    });
    expect(unread.json()).toEqual([
      expect.objectContaining({
        senderId: { name: 'Vahan Contact' },
        content: expect.stringContaining(plate.toUpperCase()),
      }),
    ]);
  });
});

describe('household members', () => {
  it('lets the verified owner keep another registrant, who is then found again, marked as household', async () => {
    const [owner, spouse, finder] = [
      await t.signUp(),
      await t.signUp({ name: 'Asha Owner' }),
      await t.signUp(),
    ];
    const vehicleNumber = nextVehicleNumber();
    const shared = await addVehicle(t, spouse, { vehicleNumber });
    const mine = await addVehicle(t, owner, { vehicleNumber });
    expect((await verify(owner, mine)).statusCode).toBe(200);
    expect((await search(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([mine._id]);

    const listed = await t.inject({
      method: 'GET',
      url: `/api/users/vehicleRegistrants?id=${mine._id}`,
      headers: owner.headers,
    });
    expect(listed.json()).toEqual([{ _id: shared._id, name: 'Asha Owner', household: false }]);
    const kept = await post(owner, 'keepHousehold', { id: mine._id, registrationId: shared._id });
    expect(kept.json()).toEqual([{ _id: shared._id, name: 'Asha Owner', household: true }]);

    const found = await search(finder, vehicleNumber);
    expect(found.map((vehicle) => [vehicle._id, vehicle.verified, vehicle.household])).toEqual([
      [mine._id, true, false],
      [shared._id, false, true],
    ]);
    await post(owner, 'releaseHousehold', { id: mine._id, registrationId: shared._id });
    expect((await search(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([mine._id]);
  });

  it('answers 409 while the caller has not verified the vehicle', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const response = await t.inject({
      method: 'GET',
      url: `/api/users/vehicleRegistrants?id=${vehicle._id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(409);
  });
});
