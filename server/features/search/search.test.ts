import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedVehicle } from '#common/api';
import { textsFor } from '../../i18n/texts';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';

const english = textsFor('en');

let t: TestApp;
let searcher: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  searcher = await t.signUp();
});
afterAll(() => t.close());

const getVehicleOwner = (payload: object, headers: Record<string, string> = searcher.headers) =>
  t.inject({ method: 'POST', url: '/api/users/getVehicleOwner', payload, headers });

const setPhoneVisible = (user: SignedIn, phoneVisible: boolean) =>
  t.inject({
    method: 'PATCH',
    url: '/api/users/updateProfile',
    payload: { phoneVisible },
    headers: user.headers,
  });

describe('POST /api/users/getVehicleOwner', () => {
  it('finds a vehicle by any spelling of its number', async () => {
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'kl07ab1234' });
    const response = await getVehicleOwner({ vehicleNumber: 'KL 07-AB 1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json<OwnedVehicle[]>().map((found) => found.vehicleNumber)).toEqual(['kl07ab1234']);
  });

  it('answers the vehicle with its owner embedded as userId', async () => {
    const owner = await t.signUp({
      name: 'Biju Mathew',
      email: 'biju@example.in',
      location: 'Kollam',
      city: 'Punalur',
      phoneVisible: true,
    });
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      headers: owner.headers,
      payload: { emailVisible: true },
    });
    const vehicle = await addVehicle(t, owner);
    const response = await getVehicleOwner({ vehicleNumber: vehicle.vehicleNumber });
    expect(response.json()).toEqual([
      {
        ...vehicle,
        userId: {
          _id: owner.user._id,
          name: 'Biju Mathew',
          email: 'biju@example.in',
          location: 'Kollam',
          city: 'Punalur',
          phone: owner.user.phone,
          phoneVisible: true,
          emailVisible: true,
          maskedCall: { available: false, reason: english._('server.calls.noProvider') },
        },
      },
    ]);
  });

  it('answers [] when no vehicle has the number', async () => {
    const response = await getVehicleOwner({ vehicleNumber: nextVehicleNumber() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('no longer finds a deleted vehicle', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    await t.inject({
      method: 'DELETE',
      url: `/api/users/deleteVehicle?id=${vehicle._id}`,
      headers: owner.headers,
    });
    expect((await getVehicleOwner({ vehicleNumber: vehicle.vehicleNumber })).json()).toEqual([]);
  });

  it.each([['KL07AB123'], ['K107AB1234'], ['KL07ABC1234'], [''], ['kl07ab1234%']])(
    'refuses the bad pattern %j with 400',
    async (vehicleNumber) => {
      const response = await getVehicleOwner({ vehicleNumber });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('vehicleNumber');
    },
  );

  it('refuses a number that is not a string with 400', async () => {
    const response = await getVehicleOwner({ vehicleNumber: 7 });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an unknown field with 400', async () => {
    const response = await getVehicleOwner({ vehicleNumber: nextVehicleNumber(), userId: searcher.user._id });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await getVehicleOwner({ vehicleNumber: nextVehicleNumber() }, {});
    expect(response.statusCode).toBe(401);
  });

  it('leaves a hidden phone out of the response entirely', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    await setPhoneVisible(owner, false);
    const response = await getVehicleOwner({ vehicleNumber: vehicle.vehicleNumber });
    expect(response.statusCode).toBe(200);
    expect(response.json<OwnedVehicle[]>()[0]?.userId).toMatchObject({
      _id: owner.user._id,
      phoneVisible: false,
    });
    expect(response.body.includes(owner.user.phone)).toBe(false);
  });

  it('shows the phone again once the owner makes it visible', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    await setPhoneVisible(owner, false);
    await setPhoneVisible(owner, true);
    const response = await getVehicleOwner({ vehicleNumber: vehicle.vehicleNumber });
    expect(response.json<OwnedVehicle[]>()[0]?.userId.phone).toBe(owner.user.phone);
  });
  it('shows only the initials of an owner who hid their name', async () => {
    const owner = await t.signUp({ name: 'Anil Mathew' });
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { nameVisible: false },
      headers: owner.headers,
    });
    const vehicleNumber = nextVehicleNumber();
    await addVehicle(t, owner, { vehicleNumber });
    const response = await getVehicleOwner({ vehicleNumber });
    expect(response.json<OwnedVehicle[]>()[0]?.userId.name).toBe('A. M.');
    expect(response.body).not.toContain('Anil');
    expect(response.body).not.toContain('Mathew');
  });
});
