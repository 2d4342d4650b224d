/**
 * Two server instances on one PostgreSQL serve the same users consistently: what one stores the other
 * finds, a session works on both, and a vehicle number raced through both at once is stored once.
 * An in-memory PGlite belongs to one process, so on PGlite this is skipped under a name that says why.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnedVehicle, Vehicle } from '#common/api';
import { vehicles } from './db/schema';
import { type SignedIn, type TestApp, twoInstances } from './testing/test-app';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const ATTEMPTS_PER_INSTANCE = 20;

const suite = onPostgres
  ? 'two server instances on one PostgreSQL'
  : 'two server instances on one PostgreSQL (skipped: needs api-postgres, an in-memory PGlite cannot be shared)';

describe.runIf(onPostgres)(suite, () => {
  const apps = twoInstances();

  const addVehicle = (on: TestApp, who: SignedIn, vehicleNumber: string) =>
    on.inject({
      method: 'POST',
      url: '/api/users/addVehicle',
      payload: { name: 'Swift', vehicleNumber },
      headers: who.headers,
    });

  it('finds through one instance a vehicle added through the other', async () => {
    const owner = await apps.first.signUp();
    const searcher = await apps.second.signUp();
    const added = await addVehicle(apps.first, owner, 'KL07TW0001');
    expect(added.statusCode).toBe(201);
    const found = await apps.second.inject({
      method: 'POST',
      url: '/api/users/getVehicleOwner',
      payload: { vehicleNumber: 'KL07TW0001' },
      headers: searcher.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json<OwnedVehicle[]>()).toEqual([
      expect.objectContaining({
        _id: added.json<Vehicle>()._id,
        userId: expect.objectContaining({ _id: owner.user._id }),
      }),
    ]);
  });

  it('accepts on one instance a session made on the other, and ends it on both at sign-out', async () => {
    const user = await apps.first.signUp();
    const validate = (on: TestApp) =>
      on.inject({ method: 'GET', url: '/api/users/validateUser', headers: user.headers });
    expect((await validate(apps.second)).statusCode).toBe(200);
    await apps.second.inject({
      method: 'POST',
      url: '/api/users/logout',
      payload: {},
      headers: user.headers,
    });
    expect((await validate(apps.first)).statusCode).toBe(401);
  });

  it('stores a number raced through both instances by one account exactly once, and once for each account', async () => {
    const [one, two] = [await apps.first.signUp(), await apps.second.signUp()];
    const number = 'KL07TW0002';
    const attempts = Array.from({ length: ATTEMPTS_PER_INSTANCE }, () => [
      addVehicle(apps.first, one, number),
      addVehicle(apps.second, one, number),
      addVehicle(apps.first, two, number),
      addVehicle(apps.second, two, number),
    ]).flat();
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    // Several accounts may register one number (a household); one account holds it once.
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(attempts.length - 2);
    const stored = await apps.first.app.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.vehicleNumber, number.toLowerCase()));
    expect(stored.map((vehicle) => vehicle.ownerId).sort()).toEqual([one.user._id, two.user._id].sort());
  });
});
