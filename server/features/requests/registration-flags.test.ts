import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS_TO_HIDE_REGISTRATION } from '../../domain/requests/registration-flags';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addNumberedVehicle, messageAbout, reply } from '../../testing/request-fixtures';
import { post, search } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `count` different senders each message the vehicle and the owner answers each "Not my vehicle". */
async function flagBy(count: number, owner: SignedIn, vehicleId: string) {
  for (let index = 0; index < count; index += 1) {
    const sender = await t.signUp();
    const notification = await messageAbout(t, sender, owner, vehicleId);
    await reply(t, owner, { notificationId: notification._id, kind: 'not_my_vehicle' });
  }
}

describe('"Not my vehicle" flags the registration', () => {
  it(`keeps a registration reachable below ${FLAGS_TO_HIDE_REGISTRATION} distinct senders`, async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    await flagBy(FLAGS_TO_HIDE_REGISTRATION - 1, owner, vehicle._id);
    expect((await search(t, await t.signUp(), vehicle.vehicleNumber)).json()).toHaveLength(1);
  });

  it('counts one sender once, however often they were told', async () => {
    const [owner, sender] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    for (let index = 0; index < FLAGS_TO_HIDE_REGISTRATION; index += 1) {
      const notification = await messageAbout(t, sender, owner, vehicle._id);
      await reply(t, owner, { notificationId: notification._id, kind: 'not_my_vehicle' });
    }
    expect((await search(t, await t.signUp(), vehicle.vehicleNumber)).json()).toHaveLength(1);
  });

  it(`hides a registration from search and messages once ${FLAGS_TO_HIDE_REGISTRATION} senders flagged it`, async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    await flagBy(FLAGS_TO_HIDE_REGISTRATION, owner, vehicle._id);
    const someone = await t.signUp();
    expect((await search(t, someone, vehicle.vehicleNumber)).json()).toEqual([]);
    const message = await post(
      t,
      '/api/users/sendMessage',
      { userId: owner.user._id, vehicleId: vehicle._id, message: 'Hello' },
      someone,
    );
    expect(message.statusCode).toBe(404);
  });

  it('makes it reachable again when its owner saves it', async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    await flagBy(FLAGS_TO_HIDE_REGISTRATION, owner, vehicle._id);
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      payload: { id: vehicle._id, vehicleNumber: vehicle.vehicleNumber },
      headers: owner.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect((await search(t, await t.signUp(), vehicle.vehicleNumber)).json()).toHaveLength(1);
  });

  it('does not count other answers', async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    for (let index = 0; index < FLAGS_TO_HIDE_REGISTRATION; index += 1) {
      const notification = await messageAbout(t, await t.signUp(), owner, vehicle._id);
      await reply(t, owner, { notificationId: notification._id, kind: 'cannot_come' });
    }
    expect((await search(t, await t.signUp(), vehicle.vehicleNumber)).json()).toHaveLength(1);
  });
});
