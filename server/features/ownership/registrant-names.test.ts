import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import { startFakeCashfree, type FakeCashfree } from '../../providers/rc/testing/fake-cashfree';
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
    },
  });
});
afterAll(async () => {
  await t.close();
  fake.close();
});

const verify = (who: SignedIn, vehicle: Vehicle) =>
  t.inject({
    method: 'POST',
    url: '/api/users/verifyVehicle',
    headers: who.headers,
    payload: { id: vehicle._id, chassisLast5: '12345', engineLast5: '54321' },
  });

/** An owner who verified a number that another account, `other`, registered first. */
async function verifiedOverAnother(other: SignedIn) {
  const owner = await t.signUp();
  const vehicleNumber = nextVehicleNumber();
  const theirs = await addVehicle(t, other, { vehicleNumber });
  const mine = await addVehicle(t, owner, { vehicleNumber });
  expect((await verify(owner, mine)).statusCode).toBe(200);
  return { owner, mine, theirs };
}

describe('another registrant of a verified number', () => {
  it('is listed to the verified owner by initials only when they hid their name', async () => {
    const other = await t.signUp({ name: 'Asha Varghese' });
    const hidden = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { nameVisible: false },
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(200);
    const { owner, mine, theirs } = await verifiedOverAnother(other);
    const listed = await t.inject({
      method: 'GET',
      url: `/api/users/vehicleRegistrants?id=${mine._id}`,
      headers: owner.headers,
    });
    expect(listed.json()).toEqual([{ _id: theirs._id, name: 'A. V.', verified: false, household: false }]);
  });

  it("is told by the service's own notice, marked system", async () => {
    const other = await t.signUp();
    await verifiedOverAnother(other);
    const unread = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: other.headers,
    });
    expect(unread.json<ServerNotification[]>()).toEqual([
      expect.objectContaining({ senderId: { name: 'Vahan Contact' }, system: true }),
    ]);
  });
});
