import { eq } from 'drizzle-orm';
import type { ServerNotification } from '#common/api';
import { NOTIFICATION_TITLE } from '#common/message-templates';
import { requests, vehicles, type VehicleRow } from '../db/schema';
import type { SignedIn, TestApp } from './test-app';
import { post, updateProfile } from './user-api';

let vehicleCounter = 0;

/** A vehicle of the owner, stored directly: these tests are about contacting its owner, not adding it. */
export async function vehicleOf(t: TestApp, owner: SignedIn): Promise<VehicleRow> {
  vehicleCounter += 1;
  const [vehicle] = await t.app.database.db
    .insert(vehicles)
    .values({
      ownerId: owner.user._id,
      name: 'Swift',
      vehicleNumber: `kl07ab${String(vehicleCounter).padStart(4, '0')}`,
    })
    .returning();
  if (!vehicle) throw new Error('vehicle not stored');
  return vehicle;
}

export async function unread(t: TestApp, who: SignedIn): Promise<ServerNotification[]> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: who.headers,
  });
  if (response.statusCode !== 200) throw new Error(`unreadNotifications failed: ${response.body}`);
  return response.json<ServerNotification[]>();
}

const receiverPlates = new Map<string, string>();

/** A vehicle number of the receiver, as the search shows it (lower case); one is stored on first use. */
export async function plateOf(t: TestApp, receiver: SignedIn): Promise<string> {
  const key = `${t.config.database.kind}:${receiver.user._id}`;
  const known = receiverPlates.get(key);
  if (known) return known;
  const { vehicleNumber } = await vehicleOf(t, receiver);
  receiverPlates.set(key, vehicleNumber);
  return vehicleNumber;
}

/** A notification as the PWA sends one: SPEC's title, and a text naming one of the receiver's vehicles. */
export async function notify(
  t: TestApp,
  from: SignedIn,
  to: SignedIn,
  text: (plate: string) => string = (plate) => `Your vehicle ${plate} is blocking the gate`,
) {
  const body = text(await plateOf(t, to));
  return post(
    t,
    '/api/users/sendNotification',
    { receiverId: to.user._id, title: NOTIFICATION_TITLE, body },
    from,
  );
}

export async function storedFor(t: TestApp, receiver: SignedIn) {
  return t.app.database.db.select().from(requests).where(eq(requests.receiverId, receiver.user._id));
}

/** Through the API, as the user would: their server then stops serving the cached row at once. */
export const hidePhone = (t: TestApp, who: SignedIn) => updateProfile(t, who, { phoneVisible: false });
