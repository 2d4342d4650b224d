import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedVehicle, Registrant, Vehicle } from '#common/api';
import { count, eq } from 'drizzle-orm';
import { rcRecords, rcVerificationAttempts } from '../../db/schema';
import { RC_CHECK_IN_FLIGHT_MS } from '../../domain/ownership/rc-check-window';
import { startFakeCashfree, type FakeCashfree } from '../../providers/rc/testing/fake-cashfree';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { post, search } from '../../testing/user-api';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';
import { sweepOwnership } from './repository';

let fake: FakeCashfree;
let t: TestApp;
const withFakeCashfree = () => ({
  RC_PROVIDER: 'cashfree',
  CASHFREE_CLIENT_ID: 'CF-client',
  CASHFREE_CLIENT_SECRET: 'cf-secret',
  CASHFREE_BASE_URL: fake.url,
});
beforeAll(async () => {
  fake = await startFakeCashfree();
  t = await createTestApp({
    env: {
      ...withFakeCashfree(),
      VEHICLES_PER_USER: '10',
      VEHICLE_CHANGES_PER_USER_HOUR: '20',
      // Shorter than a session's idle lifetime, so the owner stays signed in while the proof lapses.
      RC_PROOF_DAYS: '20',
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
    mobile_number: null,
  };
});

const DAY_MS = 86_400_000;
const NOT_VERIFIED = 'We could not verify this vehicle against its Registration Certificate.';

const verify = (who: SignedIn, vehicle: Vehicle, chassisLast5 = '12345', engineLast5 = '54321') =>
  post(t, '/api/users/verifyVehicle', { id: vehicle._id, chassisLast5, engineLast5 }, who);
const ownersFound = async (who: SignedIn, vehicleNumber: string) =>
  (await search(t, who, vehicleNumber)).json<OwnedVehicle[]>();
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
    const found = await ownersFound(finder, vehicleNumber);
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
    const response = await post(
      t,
      '/api/users/addVehicle',
      {
        name: 'One more',
        vehicleNumber: nextVehicleNumber(),
      },
      squatter,
    );
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
    const response = await post(
      t,
      '/api/users/addVehicle',
      { name: 'Late', vehicleNumber: nextVehicleNumber() },
      busy,
    );
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await myVehicles(busy)).toHaveLength(1);
    t.clock.advance(3_600_000);
    expect(
      (await post(t, '/api/users/addVehicle', { name: 'Later', vehicleNumber: nextVehicleNumber() }, busy))
        .statusCode,
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

  it('answers 400 and verifies nothing when the numbers do not match the record, and ends the check', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const response = await verify(owner, vehicle, '99999', '54321');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_VERIFIED });
    expect((await myVehicles(owner))[0]?.verified).toBe(false);
    // The check is over: the registration can be renumbered again.
    expect((await renumber(owner, vehicle, nextVehicleNumber())).statusCode).toBe(200);
  });

  it('answers every failed check with the same message, whatever failed', async () => {
    const failures: [string, () => void][] = [
      ['no record', () => (fake.record.status = 'INVALID')],
      ['a cancelled or suspended RC', () => (fake.record.rc_status = 'SUSPENDED')],
      ['numbers that do not match', () => (fake.record.chassis = 'MA3EWDE1S00499999')],
      ["another person's mobile", () => (fake.record.mobile_number = '6000000000')],
    ];
    const valid = { ...fake.record };
    for (const [failure, arrange] of failures) {
      fake.record = { ...valid };
      arrange();
      const owner = await t.signUp();
      const vehicle = await addVehicle(t, owner);
      const response = await verify(owner, vehicle);
      expect([failure, response.statusCode, response.json()]).toEqual([
        failure,
        400,
        { message: NOT_VERIFIED },
      ]);
      expect((await myVehicles(owner))[0]?.verified).toBe(false);
    }
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

  it('answers 429 with Retry-After past 5 checks a day, every plate together', async () => {
    const owner = await t.signUp();
    const cars = [];
    for (let i = 0; i < 6; i++) cars.push(await addVehicle(t, owner));
    for (const car of cars.slice(0, 5)) expect((await verify(owner, car, '00000')).statusCode).toBe(400);
    const response = await verify(owner, cars[5] as Vehicle);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: expect.stringContaining('5 ownership checks') });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.received).toHaveLength(5);
    t.clock.advance(DAY_MS);
    expect((await verify(owner, cars[5] as Vehicle)).statusCode).toBe(200);
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
      answers.push(
        (await post(t, '/api/users/addVehicle', { name: 'Mine', vehicleNumber }, squatter)).statusCode,
      );
    }
    expect(answers).toEqual([...Array<number>(10).fill(201), 409, 409]);

    const plate = numbers[0] ?? '';
    const squatted = (await ownersFound(finder, plate))[0];
    if (!squatted) throw new Error('the squatted number was not found');
    const real = await addVehicle(t, owner, { vehicleNumber: plate });
    expect((await verify(owner, real)).statusCode).toBe(200);

    const found = await ownersFound(finder, plate);
    expect(found.map((vehicle) => vehicle.userId._id)).toEqual([owner.user._id]);
    expect(found[0]?.verified).toBe(true);
    const message = await post(
      t,
      '/api/users/sendMessage',
      {
        userId: squatter.user._id,
        vehicleId: squatted._id,
        message: 'Please move your car',
      },
      finder,
    );
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
    expect((await ownersFound(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([mine._id]);

    const listed = await t.inject({
      method: 'GET',
      url: `/api/users/vehicleRegistrants?id=${mine._id}`,
      headers: owner.headers,
    });
    expect(listed.json()).toEqual([
      { _id: shared._id, name: 'Asha Owner', verified: false, household: false },
    ]);
    const kept = await post(
      t,
      '/api/users/keepHousehold',
      { id: mine._id, registrationId: shared._id },
      owner,
    );
    expect(kept.json()).toEqual([{ _id: shared._id, name: 'Asha Owner', verified: false, household: true }]);

    const found = await ownersFound(finder, vehicleNumber);
    expect(found.map((vehicle) => [vehicle._id, vehicle.verified, vehicle.household])).toEqual([
      [mine._id, true, false],
      [shared._id, false, true],
    ]);
    await post(t, '/api/users/releaseHousehold', { id: mine._id, registrationId: shared._id }, owner);
    expect((await ownersFound(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([mine._id]);
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

/** Starts a check the held fake provider does not answer yet, once the provider was asked. */
async function checkInFlight(who: SignedIn, vehicle: Vehicle) {
  fake.hold();
  const arrived = fake.arrived;
  // An injected request starts when it is awaited.
  const answer = verify(who, vehicle).then((response) => response);
  await arrived;
  return { answer };
}
const renumber = (who: SignedIn, vehicle: Vehicle, vehicleNumber: string) =>
  t.inject({
    method: 'PATCH',
    url: '/api/users/updateVehicle',
    headers: who.headers,
    payload: { id: vehicle._id, vehicleNumber },
  });

describe('a check in flight against a slow provider', () => {
  it('refuses (409) to renumber the registration until the check ends, and verifies the number checked', async () => {
    const owner = await t.signUp();
    const car = await addVehicle(t, owner);
    const checking = await checkInFlight(owner, car);
    const renumbered = await renumber(owner, car, nextVehicleNumber());
    fake.answer();
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json()).toEqual({ message: expect.stringContaining('being checked') });
    expect((await checking.answer).json()).toMatchObject({
      vehicleNumber: car.vehicleNumber,
      verified: true,
    });
    expect((await renumber(owner, car, nextVehicleNumber())).statusCode).toBe(200);
  });

  it('does not make anyone the verified owner of a number the registration took during the check (409)', async () => {
    const [attacker, victim, finder] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const victimCar = await addVehicle(t, victim);
    const attackerCar = await addVehicle(t, attacker);
    const checking = await checkInFlight(attacker, attackerCar);
    // A check left marked longer than it can last (a stopped instance) no longer holds the number.
    t.clock.advance(RC_CHECK_IN_FLIGHT_MS);
    const renumbered = await renumber(attacker, attackerCar, victimCar.vehicleNumber);
    fake.answer();
    expect(renumbered.statusCode).toBe(200);
    const answer = await checking.answer;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: expect.stringContaining('changed during the check') });
    expect((await myVehicles(attacker))[0]).toMatchObject({ verified: false });
    const found = await ownersFound(finder, victimCar.vehicleNumber);
    expect(found.map((vehicle) => [vehicle.userId._id, vehicle.verified]).sort()).toEqual(
      [
        [victim.user._id, false],
        [attacker.user._id, false],
      ].sort(),
    );
  });
});

describe('the registered mobile number', () => {
  it("verifies when the RC record's mobile number is the account's phone, however it is written", async () => {
    const owner = await t.signUp();
    fake.record.mobile_number = `+91 ${owner.user.phone}`;
    const car = await addVehicle(t, owner);
    expect((await verify(owner, car)).json()).toMatchObject({ verified: true });
  });

  it('supersedes the earlier proofs of the number that had no mobile number, and tells their owners', async () => {
    const [previous, owner, finder] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const old = await addVehicle(t, previous, { vehicleNumber });
    expect((await verify(previous, old)).statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    fake.record.mobile_number = owner.user.phone;
    const current = await addVehicle(t, owner, { vehicleNumber });
    expect((await verify(owner, current)).statusCode).toBe(200);

    expect((await ownersFound(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([current._id]);
    expect((await myVehicles(previous))[0]).toMatchObject({ verified: false });
    const unread = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: previous.headers,
    });
    expect(unread.json()).toEqual([
      expect.objectContaining({ content: expect.stringContaining(vehicleNumber.toUpperCase()) }),
    ]);
  });
});

describe('the periodic sweep', () => {
  it('keeps a proof for RC_PROOF_DAYS, then asks the owner to verify again; forgets day-old RC records', async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const car = await addVehicle(t, owner, { vehicleNumber });
    await addVehicle(t, other, { vehicleNumber });
    expect((await verify(owner, car)).statusCode).toBe(200);
    const { db } = t.app.database;
    const { proofDays } = t.config.rcChecks;

    t.clock.advance(proofDays * DAY_MS - 1);
    await sweepOwnership(db, proofDays, t.clock.now());
    expect((await myVehicles(owner))[0]).toMatchObject({ verified: true, proofExpired: false });
    t.clock.advance(1);
    await sweepOwnership(db, proofDays, t.clock.now());
    expect((await myVehicles(owner))[0]).toMatchObject({ verified: false, proofExpired: true });
    const kept = await db.select().from(rcRecords).where(eq(rcRecords.vehicleNumber, vehicleNumber));
    expect(kept).toEqual([]);
    expect(await ownersFound(other, vehicleNumber)).toHaveLength(2);

    expect((await verify(owner, car)).json()).toMatchObject({ verified: true, proofExpired: false });
  });
});

describe('the verified owner and the other registrants', () => {
  it('lists every other registrant and releases any of them', async () => {
    const [previous, owner, mechanic, finder] = [
      await t.signUp({ name: 'Previous Owner' }),
      await t.signUp({ name: 'Current Owner' }),
      await t.signUp({ name: 'Mechanic' }),
      await t.signUp(),
    ];
    const vehicleNumber = nextVehicleNumber();
    const old = await addVehicle(t, previous, { vehicleNumber });
    const workshop = await addVehicle(t, mechanic, { vehicleNumber });
    expect((await verify(previous, old)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/users/keepHousehold', { id: old._id, registrationId: workshop._id }, previous))
        .statusCode,
    ).toBe(200);
    t.clock.advance(DAY_MS);
    // The RC now carries the new owner's mobile number: a stronger proof than the previous owner's.
    fake.record.mobile_number = owner.user.phone;
    const current = await addVehicle(t, owner, { vehicleNumber });
    expect((await verify(owner, current)).statusCode).toBe(200);

    // Both were added at the same instant: their order is not the point.
    const byName = (one: Registrant, other: Registrant) => one.name.localeCompare(other.name);
    const listed = await t.inject({
      method: 'GET',
      url: `/api/users/vehicleRegistrants?id=${current._id}`,
      headers: owner.headers,
    });
    expect(listed.json<Registrant[]>().sort(byName)).toEqual([
      { _id: workshop._id, name: 'Mechanic', verified: false, household: true },
      { _id: old._id, name: 'Previous Owner', verified: false, household: false },
    ]);
    const refused = await post(
      t,
      '/api/users/releaseHousehold',
      { id: old._id, registrationId: current._id },
      previous,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: expect.any(String) });

    const released = await post(
      t,
      '/api/users/releaseHousehold',
      { id: current._id, registrationId: workshop._id },
      owner,
    );
    expect(released.json<Registrant[]>().sort(byName)).toEqual([
      { _id: workshop._id, name: 'Mechanic', verified: false, household: false },
      { _id: old._id, name: 'Previous Owner', verified: false, household: false },
    ]);
    expect((await ownersFound(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([current._id]);
  });
});

describe('two proofs of one number at equal strength', () => {
  it('keeps the older proof and answers the newer claimant 409, already verified by another account, dispute it', async () => {
    const [first, second, finder] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const firstCar = await addVehicle(t, first, { vehicleNumber });
    expect((await verify(first, firstCar)).statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    const secondCar = await addVehicle(t, second, { vehicleNumber });

    const refused = await verify(second, secondCar);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/already verified by another account.*grievance officer/),
    });
    expect((await myVehicles(second))[0]).toMatchObject({ verified: false });
    expect((await myVehicles(first))[0]).toMatchObject({ verified: true });
    expect((await ownersFound(finder, vehicleNumber)).map((vehicle) => vehicle._id)).toEqual([firstCar._id]);
  });

  it('never lets the newer claimant release the older proof, however often they try', async () => {
    const [first, second] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const firstCar = await addVehicle(t, first, { vehicleNumber });
    expect((await verify(first, firstCar)).statusCode).toBe(200);
    const secondCar = await addVehicle(t, second, { vehicleNumber });
    for (let round = 0; round < 5; round++) {
      t.clock.advance(DAY_MS);
      expect((await verify(second, secondCar)).statusCode).toBe(409);
      const release = await post(
        t,
        '/api/users/releaseHousehold',
        {
          id: secondCar._id,
          registrationId: firstCar._id,
        },
        second,
      );
      expect(release.statusCode).toBe(409);
    }
    expect((await myVehicles(first))[0]).toMatchObject({ verified: true });
  });
});

describe('paid RC lookups', () => {
  it('asks the provider once a day per plate, one record for every account that checks it', async () => {
    const [first, second, third] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    expect((await verify(first, await addVehicle(t, first, { vehicleNumber }), '00000')).statusCode).toBe(
      400,
    );
    expect((await verify(second, await addVehicle(t, second, { vehicleNumber }))).statusCode).toBe(200);
    expect(fake.received).toHaveLength(1);
    t.clock.advance(DAY_MS);
    // The second account's proof stands: the third is told so, after the day's one lookup.
    expect((await verify(third, await addVehicle(t, third, { vehicleNumber }))).statusCode).toBe(409);
    expect(fake.received).toHaveLength(2);
  });

  it("counts an account's parallel checks one after another: 8 at once on 8 plates ask the provider 5 times", async () => {
    const owner = await t.signUp();
    const cars = [];
    for (let i = 0; i < 8; i++) cars.push(await addVehicle(t, owner));
    const answers = await Promise.all(
      cars.map(async (car) => (await verify(owner, car, '00000')).statusCode),
    );
    expect(answers.sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expect(fake.received).toHaveLength(5);
  });

  it('refuses to check a registration renumbered in the last 24 hours, without asking the provider', async () => {
    const owner = await t.signUp();
    const car = await addVehicle(t, owner);
    expect((await renumber(owner, car, nextVehicleNumber())).statusCode).toBe(200);
    const response = await verify(owner, car);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: expect.stringContaining('less than a day ago') });
    expect(fake.received).toHaveLength(0);
    t.clock.advance(DAY_MS);
    expect((await verify(owner, car)).statusCode).toBe(200);
  });
});

describe('RC_CHECKS_PER_DAY', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({ env: { ...withFakeCashfree(), RC_CHECKS_PER_DAY: '2' } });
  });
  afterAll(() => capped.close());

  it('stops asking the provider for the whole service past the cap (503 with Retry-After), counting nothing against the account', async () => {
    const check = async (who: SignedIn) => {
      const car = await addVehicle(capped, who);
      return capped.inject({
        method: 'POST',
        url: '/api/users/verifyVehicle',
        headers: who.headers,
        payload: { id: car._id, chassisLast5: '12345', engineLast5: '54321' },
      });
    };
    const [first, second, third] = [await capped.signUp(), await capped.signUp(), await capped.signUp()];
    expect((await check(first)).statusCode).toBe(200);
    expect((await check(second)).statusCode).toBe(200);
    const refused = await check(third);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.received).toHaveLength(2);
    const [attempts] = await capped.app.database.db
      .select({ n: count() })
      .from(rcVerificationAttempts)
      .where(eq(rcVerificationAttempts.userId, third.user._id));
    expect(attempts?.n).toBe(0);
    capped.clock.advance(DAY_MS);
    expect((await check(third)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ env: withFakeCashfree() });
    second = await createTestApp({ env: withFakeCashfree(), sharedWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("share an account's daily checks and a plate's cached record", async () => {
    const owner = await first.signUp();
    const check = async (instance: TestApp, vehicleNumber = nextVehicleNumber(), chassisLast5 = '00000') => {
      const car = await addVehicle(first, owner, { vehicleNumber });
      return instance.inject({
        method: 'POST',
        url: '/api/users/verifyVehicle',
        headers: owner.headers,
        payload: { id: car._id, chassisLast5, engineLast5: '54321' },
      });
    };
    const plate = nextVehicleNumber();
    expect((await check(first, plate)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await check(i % 2 ? first : second)).statusCode).toBe(400);
    expect(fake.received).toHaveLength(4);
    const stranger = await second.signUp();
    const theirs = await addVehicle(second, stranger, { vehicleNumber: plate });
    const cached = await second.inject({
      method: 'POST',
      url: '/api/users/verifyVehicle',
      headers: stranger.headers,
      payload: { id: theirs._id, chassisLast5: '12345', engineLast5: '54321' },
    });
    expect(cached.statusCode).toBe(200);
    expect(fake.received).toHaveLength(4);
    expect((await check(second)).statusCode).toBe(400);
    expect((await check(first)).statusCode).toBe(429);
  });
});
