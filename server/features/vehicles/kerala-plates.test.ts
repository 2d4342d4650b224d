import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedVehicle, Vehicle } from '#common/api';
import type { CreatedSlips } from '#common/slips-api';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { search } from '../../testing/user-api';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { aCard, sendThroughCard } from '../../testing/card-fixtures';

let t: TestApp;
let finder: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  finder = await t.signUp();
});
afterAll(() => t.close());

describe('Bharat-series plates, everywhere a plate is taken', () => {
  it('are added in their stored 10-character form and found by any spelling', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner, { vehicleNumber: '22 BH 1234 AA' });
    expect(vehicle.vehicleNumber).toBe('22bh1234aa');
    const found = await search(t, finder, '22-bh-1234-aa');
    expect(found.statusCode).toBe(200);
    expect(found.json<OwnedVehicle[]>().map((item) => item._id)).toEqual([vehicle._id]);
  });

  it('are taken by an edit', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const edited = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      payload: { id: vehicle._id, name: vehicle.name, vehicleNumber: '23 BH 0042 C' },
      headers: owner.headers,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Vehicle>().vehicleNumber).toBe('23bh0042c');
  });

  it('are taken by a waiting note and a slip', async () => {
    const note = await t.inject({
      method: 'POST',
      url: '/api/users/waitingNotes',
      payload: { vehicleNumber: '24 BH 7777 ZZ', templateKey: 'blocking' },
      headers: finder.headers,
    });
    expect(note.statusCode, note.body).toBe(201);
    const slips = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      payload: { count: 1 },
      headers: finder.headers,
    });
    const code = slips.json<CreatedSlips>().slips[0]?.code ?? '';
    const attached = await t.inject({
      method: 'POST',
      url: `/api/users/slips/${code}/attach`,
      payload: { vehicleNumber: '24 BH 7777 ZZ', templateKey: 'blocking' },
      headers: finder.headers,
    });
    expect(attached.statusCode, attached.body).toBe(201);
  });

  it('are checked on a card by their four digits after BH', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const edited = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      payload: { id: vehicle._id, name: vehicle.name, vehicleNumber: '22 BH 5678 AB' },
      headers: owner.headers,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const wrong = await sendThroughCard(t, card.code, { plateLast4: '0000', templateKey: 'blocking' });
    expect(wrong.statusCode).toBe(400);
    const right = await sendThroughCard(t, card.code, { plateLast4: '5678', templateKey: 'blocking' });
    expect(right.statusCode, right.body).toBe(201);
  });

  it('of another shape are refused with the forms expected', async () => {
    const owner = await t.signUp();
    const refused = await t.inject({
      method: 'POST',
      url: '/api/users/addVehicle',
      payload: { name: 'Car', vehicleNumber: '22 BH 12345 A' },
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('22 BH 1234 AA');
  });
});

describe('Kerala plates with a one-digit office code', () => {
  it('are read as the two-digit code when added and searched', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner, { vehicleNumber: 'KL 7 BQ 4521' });
    expect(vehicle.vehicleNumber).toBe('kl07bq4521');
    const found = await search(t, finder, 'kl 7 bq 4521');
    expect(found.json<OwnedVehicle[]>().map((item) => item._id)).toEqual([vehicle._id]);
  });
});
