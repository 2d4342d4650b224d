import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { textsFor } from '../../i18n/texts';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { search } from '../../testing/user-api';
import { nextVehicleNumber } from '../../testing/vehicle-fixtures';

const LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEARCHES_PER_USER_MINUTE: String(LIMIT) } });
});
afterAll(() => t.close());

async function useUpSearches(user: SignedIn) {
  for (let i = 0; i < LIMIT; i++) {
    const response = await search(t, user, nextVehicleNumber());
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
    const response = await search(t, user, nextVehicleNumber());
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts searches with an invalid number against the limit', async () => {
    const user = await t.signUp();
    for (let i = 0; i < LIMIT; i++) {
      const invalid = await search(t, user, 'not a number');
      expect(invalid.statusCode).toBe(400);
    }
    expect((await search(t, user, nextVehicleNumber())).statusCode).toBe(429);
  });

  it('answers 429 rather than 400 to an invalid search once over the limit', async () => {
    const user = await t.signUp();
    await useUpSearches(user);
    expect((await search(t, user, 'not a number')).statusCode).toBe(429);
  });

  it('does not count one user’s searches against another from the same address', async () => {
    const busy = await t.signUp();
    const other = await t.signUp();
    await useUpSearches(busy);
    const response = await search(t, other, nextVehicleNumber());
    expect(response.statusCode).toBe(200);
  });
});

describe('owner searches a day', () => {
  const PER_DAY = 4;
  let daily: TestApp;
  beforeAll(async () => {
    daily = await createTestApp({ env: { SEARCHES_PER_USER_DAY: String(PER_DAY) } });
  });
  afterAll(() => daily.close());

  const searchIn = (user: SignedIn, vehicleNumber = nextVehicleNumber()) =>
    daily.inject({
      method: 'POST',
      url: '/api/users/getVehicleOwner',
      payload: { vehicleNumber },
      headers: user.headers,
    });

  it('allows 200 searches a day by default', () => {
    expect(loadConfig({}).searchesPerUserDay).toBe(200);
  });

  it('answers 429 with a Retry-After past the minute once a user exceeds the day’s searches', async () => {
    const user = await daily.signUp();
    for (let i = 0; i < PER_DAY; i++) expect((await searchIn(user)).statusCode).toBe(200);
    const response = await searchIn(user);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: textsFor('en')._('server.search.tooManyToday') });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('counts invalid searches against the day too', async () => {
    const user = await daily.signUp();
    for (let i = 0; i < PER_DAY; i++) expect((await searchIn(user, 'not a number')).statusCode).toBe(400);
    expect((await searchIn(user)).statusCode).toBe(429);
  });

  it('does not count one user’s searches against another', async () => {
    const busy = await daily.signUp();
    for (let i = 0; i < PER_DAY; i++) await searchIn(busy);
    expect((await searchIn(await daily.signUp())).statusCode).toBe(200);
  });
});
