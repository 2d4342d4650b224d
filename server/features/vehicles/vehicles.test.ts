import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import type { MyVehicle } from '#common/card-api';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const add = (payload: object, headers: Record<string, string> = owner.headers) =>
  t.inject({ method: 'POST', url: '/api/users/addVehicle', payload, headers });
const update = (payload: object, headers: Record<string, string> = owner.headers) =>
  t.inject({ method: 'PATCH', url: '/api/users/updateVehicle', payload, headers });
const remove = (query: string, headers: Record<string, string> = owner.headers) =>
  t.inject({ method: 'DELETE', url: `/api/users/deleteVehicle${query}`, headers });

/** The user's vehicles, without their windscreen cards (server/features/cards/ tests those). */
async function myVehicles(user: SignedIn): Promise<Vehicle[]> {
  const response = await t.inject({ method: 'GET', url: '/api/users/getMyVehicles', headers: user.headers });
  return response.json<MyVehicle[]>().map(({ card: _card, ...vehicle }) => vehicle);
}

async function storedVehicle(user: SignedIn, id: string): Promise<Vehicle | undefined> {
  return (await myVehicles(user)).find((vehicle) => vehicle._id === id);
}

/** Another spelling of a stored number: 'kl07ab1234' → 'KL 07-AB 1234'. */
const spacedUpperCase = (stored: string) =>
  `${stored.slice(0, 2).toUpperCase()} ${stored.slice(2, 4)}-${stored.slice(4, -4).toUpperCase()} ${stored.slice(-4)}`;

describe('POST /api/users/addVehicle', () => {
  it('answers 201 with the new vehicle', async () => {
    const vehicleNumber = nextVehicleNumber();
    const response = await add({ vehicleType: 'Two', name: 'Scooter', vehicleNumber });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.any(String),
      name: 'Scooter',
      vehicleNumber,
      vehicleType: 'Two',
      isActive: true,
      isFourWheeler: false,
      verified: false,
      proofExpired: false,
      household: false,
      createdAt: t.clock.now().toISOString(),
    });
  });

  it('stores the number lower case without spaces or hyphens', async () => {
    const stored = nextVehicleNumber();
    const response = await add({ name: 'Car', vehicleNumber: spacedUpperCase(stored) });
    expect(response.json().vehicleNumber).toBe(stored);
  });

  it('defaults the type to Four', async () => {
    const response = await add({ name: 'Car', vehicleNumber: nextVehicleNumber() });
    expect(response.json()).toMatchObject({ vehicleType: 'Four', isFourWheeler: true });
  });

  it('trims the name', async () => {
    const response = await add({ name: '  Family car  ', vehicleNumber: nextVehicleNumber() });
    expect(response.json().name).toBe('Family car');
  });

  it('adds the vehicle to the caller', async () => {
    const vehicle = await addVehicle(t, owner);
    expect(await storedVehicle(owner, vehicle._id)).toEqual(vehicle);
  });

  it.each([
    ['vehicleNumber', { vehicleNumber: 'KL07AB123' }],
    ['vehicleNumber', { vehicleNumber: 'K107AB1234' }],
    ['vehicleNumber', { vehicleNumber: 'KL07ABC1234' }],
    ['vehicleNumber', { vehicleNumber: 1234 }],
    ['vehicleType', { vehicleType: 'Boat' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(61) }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, overrides) => {
    const countBefore = (await myVehicles(owner)).length;
    const response = await add({ name: 'Car', vehicleNumber: nextVehicleNumber(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await myVehicles(owner)).toHaveLength(countBefore);
  });

  it('refuses a missing name with 400', async () => {
    const response = await add({ vehicleNumber: nextVehicleNumber() });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an unknown field with 400 and stores nothing', async () => {
    const vehicleNumber = nextVehicleNumber();
    const response = await add({ name: 'Car', vehicleNumber, ownerId: other.user._id });
    expect(response.statusCode).toBe(400);
    expect((await myVehicles(other)).some((vehicle) => vehicle.vehicleNumber === vehicleNumber)).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const response = await add({ name: 'Car', vehicleNumber: nextVehicleNumber() }, {});
    expect(response.statusCode).toBe(401);
  });

  it('answers 201 for a number another account already registered (a shared car, or a squatter)', async () => {
    const existing = await addVehicle(t, other);
    const response = await add({ name: 'Car', vehicleNumber: existing.vehicleNumber });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ vehicleNumber: existing.vehicleNumber, verified: false });
  });

  it('answers 409 for a number the same account already registered', async () => {
    const existing = await addVehicle(t, owner);
    const response = await add({ name: 'Car', vehicleNumber: existing.vehicleNumber });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You have already registered this vehicle number.' });
  });

  it('answers 409 for an own number that differs only by case, spaces or hyphens', async () => {
    const existing = await addVehicle(t, owner);
    const response = await add({ name: 'Car', vehicleNumber: spacedUpperCase(existing.vehicleNumber) });
    expect(response.statusCode).toBe(409);
  });
});

describe('GET /api/users/getMyVehicles', () => {
  it('lists the caller’s vehicles newest first', async () => {
    const user = await t.signUp();
    const added: Vehicle[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      added.push(await addVehicle(t, user));
    }
    const ids = (await myVehicles(user)).map((vehicle) => vehicle._id);
    expect(ids).toEqual(added.map((vehicle) => vehicle._id).reverse());
  });

  it('lists no one else’s vehicles', async () => {
    const user = await t.signUp();
    const own = await addVehicle(t, user);
    await addVehicle(t, other);
    expect(await myVehicles(user)).toEqual([own]);
  });

  it('answers [] for a user without vehicles', async () => {
    const user = await t.signUp();
    expect(await myVehicles(user)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/getMyVehicles' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/updateVehicle', () => {
  it('renames the vehicle and answers it updated', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, name: '  New name ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...vehicle, name: 'New name' });
    expect(await storedVehicle(owner, vehicle._id)).toEqual({ ...vehicle, name: 'New name' });
  });

  it('changes the number, stored normalised', async () => {
    const vehicle = await addVehicle(t, owner);
    const stored = nextVehicleNumber();
    const response = await update({ id: vehicle._id, vehicleNumber: spacedUpperCase(stored) });
    expect(response.json()).toEqual({ ...vehicle, vehicleNumber: stored });
  });

  it('keeps the vehicle’s own number without a conflict', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, name: 'Same', vehicleNumber: vehicle.vehicleNumber });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['vehicleNumber', { vehicleNumber: 'KL07AB123' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(61) }],
    ['vehicleType', { name: 'Car', vehicleType: 'Two' }],
  ])('refuses a bad %s with 400 and changes nothing', async (_field, changes) => {
    const vehicle = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, ...changes });
    expect(response.statusCode).toBe(400);
    expect(await storedVehicle(owner, vehicle._id)).toEqual(vehicle);
  });

  it('refuses a request with nothing to change with 400', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a malformed id with 400', async () => {
    const response = await update({ id: 'not-a-uuid', name: 'Car' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await update({ id: UNKNOWN_ID, name: 'Car' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for another user’s vehicle and leaves it unchanged', async () => {
    const theirs = await addVehicle(t, other);
    const response = await update({ id: theirs._id, name: 'Stolen', vehicleNumber: nextVehicleNumber() });
    expect(response.statusCode).toBe(404);
    expect(await storedVehicle(other, theirs._id)).toEqual(theirs);
  });

  it('answers 409 for a number the same account already registered and changes nothing', async () => {
    const vehicle = await addVehicle(t, owner);
    const mine = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, vehicleNumber: mine.vehicleNumber });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You have already registered this vehicle number.' });
    expect(await storedVehicle(owner, vehicle._id)).toEqual(vehicle);
  });

  it('answers 409 for an own number that differs only by case, spaces or hyphens', async () => {
    const vehicle = await addVehicle(t, owner);
    const mine = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, vehicleNumber: spacedUpperCase(mine.vehicleNumber) });
    expect(response.statusCode).toBe(409);
  });

  it('accepts a number another account registered', async () => {
    const vehicle = await addVehicle(t, owner);
    const theirs = await addVehicle(t, other);
    const response = await update({ id: vehicle._id, vehicleNumber: theirs.vehicleNumber });
    expect(response.statusCode).toBe(200);
    expect(response.json().vehicleNumber).toBe(theirs.vehicleNumber);
  });

  it('answers 401 without a token', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await update({ id: vehicle._id, name: 'Car' }, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/users/deleteVehicle', () => {
  it('deletes the caller’s vehicle', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await remove(`?id=${vehicle._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await storedVehicle(owner, vehicle._id)).toBeUndefined();
  });

  it('frees the number for a new registration', async () => {
    const vehicle = await addVehicle(t, owner);
    await remove(`?id=${vehicle._id}`);
    const response = await add({ name: 'Car', vehicleNumber: vehicle.vehicleNumber }, other.headers);
    expect(response.statusCode).toBe(201);
  });

  it('answers 404 for another user’s vehicle and leaves it in place', async () => {
    const theirs = await addVehicle(t, other);
    const response = await remove(`?id=${theirs._id}`);
    expect(response.statusCode).toBe(404);
    expect(await storedVehicle(other, theirs._id)).toEqual(theirs);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await remove(`?id=${UNKNOWN_ID}`);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a malformed id with 400', async () => {
    const response = await remove('?id=1%27%20or%201%3D1');
    expect(response.statusCode).toBe(400);
  });

  it('refuses a missing id with 400', async () => {
    const response = await remove('');
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const vehicle = await addVehicle(t, owner);
    const response = await remove(`?id=${vehicle._id}`, {});
    expect(response.statusCode).toBe(401);
  });
});
