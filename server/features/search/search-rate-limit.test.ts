import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { nextVehicleNumber } from '../../testing/vehicle-fixtures';

const LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEARCHES_PER_USER_MINUTE: String(LIMIT) } });
});
afterAll(() => t.close());

const search = (user: SignedIn, vehicleNumber = nextVehicleNumber()) =>
  t.inject({
    method: 'POST',
    url: '/api/users/getVehicleOwner',
    payload: { vehicleNumber },
    headers: user.headers,
  });

async function useUpSearches(user: SignedIn) {
  for (let i = 0; i < LIMIT; i++) {
    const response = await search(user);
    if (response.statusCode !== 200) throw new Error(`search ${i + 1} failed: ${response.body}`);
  }
}

describe('owner search rate limit', () => {
  it('allows 30 searches a minute by default', () => {
    expect(loadConfig({}).searchesPerUserMinute).toBe(30);
  });

  it('answers 429 with Retry-After once a user exceeds the limit', async () => {
    const user = await t.signUp();
    await useUpSearches(user);
    const response = await search(user);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts searches with an invalid number against the limit', async () => {
    const user = await t.signUp();
    for (let i = 0; i < LIMIT; i++) {
      const invalid = await search(user, 'not a number');
      expect(invalid.statusCode).toBe(400);
    }
    expect((await search(user)).statusCode).toBe(429);
  });

  it('answers 429 rather than 400 to an invalid search once over the limit', async () => {
    const user = await t.signUp();
    await useUpSearches(user);
    expect((await search(user, 'not a number')).statusCode).toBe(429);
  });

  it('does not count one user’s searches against another from the same address', async () => {
    const busy = await t.signUp();
    const other = await t.signUp();
    await useUpSearches(busy);
    const response = await search(other);
    expect(response.statusCode).toBe(200);
  });
});
