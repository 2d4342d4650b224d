import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import type { MyVehicle, VehicleCard } from '#common/card-api';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { search } from '../../testing/user-api';
import { addVehicle } from '../../testing/vehicle-fixtures';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let car: Vehicle;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  car = await addVehicle(t, owner);
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** CARD_PAUSE_HOURS by default. */
const CARD_PAUSE_MS = 24 * 60 * 60_000;

const post = (url: string, vehicleId: string, who: SignedIn = owner) =>
  t.inject({ method: 'POST', url: `/api/users/${url}`, payload: { vehicleId }, headers: who.headers });
const turnOff = (vehicleId: string, who: SignedIn = owner) =>
  t.inject({ method: 'DELETE', url: `/api/users/vehicleCard?vehicleId=${vehicleId}`, headers: who.headers });
const publicCard = (code: string) => t.inject({ method: 'GET', url: `/api/public/cards/${code}` });

async function cardOf(vehicleId: string, who: SignedIn = owner): Promise<MyVehicle['card']> {
  const response = await t.inject({ method: 'GET', url: '/api/users/getMyVehicles', headers: who.headers });
  return response.json<MyVehicle[]>().find((vehicle) => vehicle._id === vehicleId)?.card ?? null;
}

describe('the owner’s windscreen card', () => {
  it('is made once (201), then the live one is returned (200), at /c/{code} on PUBLIC_ORIGIN whatever Host the request names', async () => {
    const vehicle = await addVehicle(t, owner);
    expect(await cardOf(vehicle._id)).toBeNull();
    const made = await t.inject({
      method: 'POST',
      url: '/api/users/vehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: { ...owner.headers, host: 'forged.example', 'x-forwarded-host': 'forged.example' },
    });
    expect(made.statusCode).toBe(201);
    const card = made.json<VehicleCard>();
    expect(card.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(card.url).toBe(`${t.config.publicOrigin}/c/${card.code}`);
    expect(card.pausedUntil).toBeNull();
    const again = await post('vehicleCard', vehicle._id);
    expect(again.statusCode).toBe(200);
    expect(again.json<VehicleCard>().code).toBe(card.code);
    expect(await cardOf(vehicle._id)).toMatchObject({ code: card.code, pausedUntil: null });
  });

  it('has a code of its own for each card (at least 80 random bits)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const vehicle = await addVehicle(t, owner);
      codes.add((await post('vehicleCard', vehicle._id)).json<VehicleCard>().code);
    }
    expect(codes.size).toBe(5);
    // 16 base64url characters are 96 bits.
    for (const code of codes) expect(Buffer.from(code, 'base64url').length).toBe(12);
  });

  it('rotates to a new code: the old one stops working at once', async () => {
    const old = (await post('vehicleCard', car._id)).json<VehicleCard>();
    const rotated = await post('rotateVehicleCard', car._id);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<VehicleCard>();
    expect(fresh.code).not.toBe(old.code);
    expect((await publicCard(old.code)).statusCode).toBe(404);
    expect((await publicCard(fresh.code)).statusCode).toBe(200);
    expect((await cardOf(car._id))?.code).toBe(fresh.code);
  });

  it('turned off stays dead: a later card is a new one (201) with a new code', async () => {
    const vehicle = await addVehicle(t, owner);
    const first = (await post('vehicleCard', vehicle._id)).json<VehicleCard>();
    const off = await turnOff(vehicle._id);
    expect(off.statusCode).toBe(200);
    expect(await cardOf(vehicle._id)).toBeNull();
    expect((await publicCard(first.code)).statusCode).toBe(404);
    const next = await post('vehicleCard', vehicle._id);
    expect(next.statusCode).toBe(201);
    expect(next.json<VehicleCard>().code).not.toBe(first.code);
    expect((await publicCard(first.code)).statusCode).toBe(404);
  });

  it('pauses for 24 hours, shown to the owner and on the card; then takes messages again', async () => {
    const vehicle = await addVehicle(t, owner);
    const card = (await post('vehicleCard', vehicle._id)).json<VehicleCard>();
    const paused = await post('pauseVehicleCard', vehicle._id);
    expect(paused.statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + CARD_PAUSE_MS).toISOString();
    expect(paused.json<VehicleCard>().pausedUntil).toBe(until);
    expect((await cardOf(vehicle._id))?.pausedUntil).toBe(until);
    expect((await publicCard(card.code)).json()).toMatchObject({ paused: true });
    t.clock.advance(CARD_PAUSE_MS);
    expect((await cardOf(vehicle._id))?.pausedUntil).toBeNull();
    expect((await publicCard(card.code)).json()).toMatchObject({ paused: false });
  });

  it('resumes a paused card at once, on the card too', async () => {
    const vehicle = await addVehicle(t, owner);
    const card = (await post('vehicleCard', vehicle._id)).json<VehicleCard>();
    await post('pauseVehicleCard', vehicle._id);
    const resumed = await post('resumeVehicleCard', vehicle._id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<VehicleCard>().pausedUntil).toBeNull();
    expect((await cardOf(vehicle._id))?.pausedUntil).toBeNull();
    expect((await publicCard(card.code)).json()).toMatchObject({ paused: false });
  });

  it('answers 404 for another user’s vehicle or an unknown id, and changes nothing', async () => {
    const card = (await post('vehicleCard', car._id)).json<VehicleCard>();
    for (const vehicleId of [car._id, UNKNOWN_ID]) {
      for (const url of ['vehicleCard', 'rotateVehicleCard', 'pauseVehicleCard', 'resumeVehicleCard']) {
        expect((await post(url, vehicleId, other)).statusCode).toBe(404);
      }
      expect((await turnOff(vehicleId, other)).statusCode).toBe(404);
    }
    expect(await cardOf(car._id)).toEqual({ ...card, pausedUntil: null });
  });

  it('cannot be paused when the vehicle has no card (404)', async () => {
    const vehicle = await addVehicle(t, owner);
    expect((await post('pauseVehicleCard', vehicle._id)).statusCode).toBe(404);
  });

  it('refuses a bad vehicle id with 400', async () => {
    expect((await post('vehicleCard', 'not-an-id')).statusCode).toBe(400);
    expect((await turnOff('not-an-id')).statusCode).toBe(400);
  });

  it('is gone with its vehicle', async () => {
    const vehicle = await addVehicle(t, owner);
    const card = (await post('vehicleCard', vehicle._id)).json<VehicleCard>();
    await t.inject({
      method: 'DELETE',
      url: `/api/users/deleteVehicle?id=${vehicle._id}`,
      headers: owner.headers,
    });
    expect((await publicCard(card.code)).statusCode).toBe(404);
  });
});

describe('GET /api/users/cardVehicle', () => {
  it('gives a signed-in user the vehicle number behind a live card, for the normal search', async () => {
    const card = (await post('vehicleCard', car._id)).json<VehicleCard>();
    const found = await t.inject({
      method: 'GET',
      url: `/api/users/cardVehicle?code=${card.code}`,
      headers: other.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ vehicleNumber: car.vehicleNumber });
  });

  it('answers 404 for an unknown or dead card, and 401 without a session', async () => {
    const card = (await post('vehicleCard', car._id)).json<VehicleCard>();
    await post('rotateVehicleCard', car._id);
    for (const code of [card.code, 'unknown-code']) {
      const response = await t.inject({
        method: 'GET',
        url: `/api/users/cardVehicle?code=${code}`,
        headers: other.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: `/api/users/cardVehicle?code=x` })).statusCode).toBe(401);
  });

  it('spends the day’s owner searches (SEARCHES_PER_USER_DAY), so cards cannot walk plates past the limit', async () => {
    const PER_DAY = 3;
    const daily = await createTestApp({ env: { SEARCHES_PER_USER_DAY: String(PER_DAY) } });
    try {
      const holder = await daily.signUp();
      const vehicle = await addVehicle(daily, holder);
      const made = await daily.inject({
        method: 'POST',
        url: '/api/users/vehicleCard',
        payload: { vehicleId: vehicle._id },
        headers: holder.headers,
      });
      const { code } = made.json<VehicleCard>();
      const reader = await daily.signUp();
      const lookUp = () =>
        daily.inject({ method: 'GET', url: `/api/users/cardVehicle?code=${code}`, headers: reader.headers });
      const searchAgain = () => search(daily, reader, vehicle.vehicleNumber);
      expect((await searchAgain()).statusCode).toBe(200);
      for (let i = 1; i < PER_DAY; i++) expect((await lookUp()).statusCode).toBe(200);
      const spent = await lookUp();
      expect(spent.statusCode).toBe(429);
      expect(spent.json()).toEqual({ message: expect.any(String) });
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
      expect((await searchAgain()).statusCode).toBe(429);
    } finally {
      await daily.close();
    }
  });
});
