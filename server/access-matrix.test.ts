/**
 * Access control (OWASP ASVS V4, API1/API5): user B acting on user A's vehicles, profile, notifications
 * and devices is refused as the contract says, and A's rows are exactly as before. Every signed-in
 * endpoint refuses a missing, revoked or orphaned token.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import { users } from './db/schema';
import { snapshotTables, type TablesSnapshot } from './testing/db-snapshot';
import { apiRoutes, routeName } from './testing/routes';
import { createTestApp, type SignedIn, type TestApp } from './testing/test-app';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
let stranger: SignedIn;
let aVehicle: Vehicle;
let bVehicle: Vehicle;
let aNotification: ServerNotification;
const A_DEVICE = 'device-of-a:APA91bAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const A_OTHER_DEVICE = 'second-device-of-a:APA91bBBBBBBBBBBBBBBBBBBBBBBBBBBB';

async function call(who: SignedIn | null, method: InjectOptions['method'], url: string, payload?: object) {
  return t.inject({ method, url, payload, headers: who?.headers ?? {} });
}

async function ok(who: SignedIn, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call(who, method, url, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** Everything in the database that belongs to or concerns one user. */
function rowsOf(snapshot: TablesSnapshot, userId: string) {
  return {
    user: snapshot.users.filter((row) => row.id === userId),
    sessions: snapshot.sessions.filter((row) => row.userId === userId),
    devices: snapshot.deviceTokens.filter((row) => row.userId === userId),
    vehicles: snapshot.vehicles.filter((row) => row.ownerId === userId),
    received: snapshot.notifications.filter((row) => row.receiverId === userId),
    blocks: snapshot.blocks.filter((row) => row.blockerId === userId || row.blockedId === userId),
  };
}

const snapshot = () => snapshotTables(t.app.database.db);

beforeAll(async () => {
  // A provider that places every call, so that calls are refused for who asks, not for want of one.
  t = await createTestApp({ deps: { telephony: { connect: async () => {} } } });
  [a, b, stranger] = [await t.signUp(), await t.signUp(), await t.signUp()];
  aVehicle = (
    await ok(a, 'POST', '/api/users/addVehicle', { name: 'Family Swift', vehicleNumber: 'KL07AM0001' })
  ).json<Vehicle>();
  await ok(a, 'POST', '/api/users/addVehicle', { name: 'Scooter', vehicleNumber: 'KL07AM0002' });
  aNotification = (
    await ok(stranger, 'POST', '/api/users/sendMessage', {
      userId: a.user._id,
      vehicleId: aVehicle._id,
      message: 'Your car is blocking the gate',
    })
  ).json<ServerNotification>();
  await ok(a, 'POST', '/api/users/fcmToken', { token: A_DEVICE });
  await ok(a, 'POST', '/api/users/fcmToken', { token: A_OTHER_DEVICE });
  bVehicle = (
    await ok(b, 'POST', '/api/users/addVehicle', { name: 'Shared Swift', vehicleNumber: 'KL07AM0001' })
  ).json<Vehicle>();
  // B has an inbox of its own, so that "clear all" by B has something to clear.
  await ok(b, 'POST', '/api/users/addVehicle', { name: 'B car', vehicleNumber: 'KL07BM0001' });
  await ok(stranger, 'POST', '/api/users/sendNotification', {
    receiverId: b.user._id,
    title: 'Vehicle Notification',
    body: 'Please move KL07BM0001',
  });
});
afterAll(() => t.close());

interface Refusal {
  name: string;
  status: number;
  request: () => Promise<{ statusCode: number; json(): unknown }>;
}

const refusals: Refusal[] = [
  {
    name: "B renames A's vehicle",
    status: 404,
    request: () => call(b, 'PATCH', '/api/users/updateVehicle', { id: aVehicle._id, name: 'Stolen' }),
  },
  {
    name: "B changes the number of A's vehicle",
    status: 404,
    request: () =>
      call(b, 'PATCH', '/api/users/updateVehicle', { id: aVehicle._id, vehicleNumber: 'KL07ZZ9999' }),
  },
  {
    name: "B deletes A's vehicle",
    status: 404,
    request: () => call(b, 'DELETE', `/api/users/deleteVehicle?id=${aVehicle._id}`),
  },
  {
    name: "B verifies A's vehicle",
    status: 404,
    request: () =>
      call(b, 'POST', '/api/users/verifyVehicle', {
        id: aVehicle._id,
        chassisLast5: '59924',
        engineLast5: '79076',
      }),
  },
  {
    name: "B lists the other registrants of A's vehicle",
    status: 404,
    request: () => call(b, 'GET', `/api/users/vehicleRegistrants?id=${aVehicle._id}`),
  },
  {
    name: "B keeps a household member on A's vehicle",
    status: 404,
    request: () =>
      call(b, 'POST', '/api/users/keepHousehold', { id: aVehicle._id, registrationId: bVehicle._id }),
  },
  {
    name: "B releases a household member of A's vehicle",
    status: 404,
    request: () =>
      call(b, 'POST', '/api/users/releaseHousehold', { id: aVehicle._id, registrationId: bVehicle._id }),
  },
  {
    name: 'B adds a vehicle naming A as its owner in the body',
    status: 400,
    request: () =>
      call(b, 'POST', '/api/users/addVehicle', {
        name: 'Planted',
        vehicleNumber: 'KL07AM0003',
        ownerId: a.user._id,
      }),
  },
  {
    name: "B messages A's vehicle naming someone else as its owner",
    status: 400,
    request: () =>
      call(b, 'POST', '/api/users/sendMessage', {
        userId: stranger.user._id,
        vehicleId: aVehicle._id,
        message: 'Misdirected',
      }),
  },
  {
    name: "B messages A's vehicle posing as another sender",
    status: 400,
    request: () =>
      call(b, 'POST', '/api/users/sendMessage', {
        userId: a.user._id,
        vehicleId: aVehicle._id,
        message: 'Forged',
        senderId: stranger.user._id,
      }),
  },
  {
    name: "B blocks the sender of A's notification",
    status: 404,
    request: () => call(b, 'POST', '/api/users/blockSender', { notificationId: aNotification._id }),
  },
  {
    name: 'B unblocks the sender A blocked',
    status: 404,
    request: () => call(b, 'POST', '/api/users/unblockSender', { notificationId: aNotification._id }),
  },
  {
    name: 'B answers a request A received',
    status: 404,
    request: () =>
      call(b, 'POST', '/api/users/replyToNotification', {
        notificationId: aNotification._id,
        kind: 'coming_now',
      }),
  },
  {
    name: 'The sender answers the request it sent, in place of its receiver A',
    status: 404,
    request: () =>
      call(stranger, 'POST', '/api/users/replyToNotification', {
        notificationId: aNotification._id,
        kind: 'not_my_vehicle',
      }),
  },
  {
    name: "B changes A's privacy by naming A in the body",
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { phoneVisible: false, _id: a.user._id }),
  },
  {
    name: "B changes its profile's phone to A's",
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { phone: a.user.phone }),
  },
  {
    name: "B turns off A's masked calls by naming A in the body",
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { allowCalls: false, userId: a.user._id }),
  },
  {
    name: "B calls A's vehicle giving another number to ring",
    status: 400,
    request: () =>
      call(b, 'POST', '/api/users/callOwner', { vehicleId: aVehicle._id, from: stranger.user.phone }),
  },
  {
    name: 'the stranger A blocked calls A through Vahan Contact',
    status: 403,
    request: () => call(stranger, 'POST', '/api/users/callOwner', { vehicleId: aVehicle._id }),
  },
  {
    name: "B clears A's notifications by naming A",
    status: 400,
    request: () => call(b, 'POST', '/api/users/clearAllNotifications', { receiverId: a.user._id }),
  },
];

describe("user B acting on user A's resources", () => {
  beforeAll(async () => {
    // A blocked the stranger, so that B's unblock has something to undo.
    await ok(a, 'POST', '/api/users/blockSender', { notificationId: aNotification._id });
  });

  it.each(refusals)('$name: refused with $status, and nothing changes', async ({ request, status }) => {
    const before = await snapshot();
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it("B's 'clear all' clears B's notifications only", async () => {
    const before = rowsOf(await snapshot(), a.user._id);
    await ok(b, 'POST', '/api/users/clearAllNotifications');
    const after = await snapshot();
    expect(rowsOf(after, a.user._id)).toEqual(before);
    expect(rowsOf(after, b.user._id).received.every((row) => row.readAt !== null)).toBe(true);
  });

  it("B's profile change changes B's profile only", async () => {
    const before = rowsOf(await snapshot(), a.user._id);
    const response = await ok(b, 'PATCH', '/api/users/updateProfile', { phoneVisible: false });
    expect(response.json<{ user: { _id: string } }>().user._id).toBe(b.user._id);
    expect(rowsOf(await snapshot(), a.user._id)).toEqual(before);
  });

  it("B's sign-out naming A's device token leaves A's devices and sessions alone", async () => {
    const leaving = await t.signUp();
    const before = rowsOf(await snapshot(), a.user._id);
    await ok(leaving, 'POST', '/api/users/logout', { fcmToken: A_DEVICE });
    expect(rowsOf(await snapshot(), a.user._id)).toEqual(before);
  });

  it("B marking A's request seen changes nothing", async () => {
    const before = await snapshot();
    await ok(b, 'POST', '/api/users/notificationsSeen', { ids: [aNotification._id] });
    expect(await snapshot()).toEqual(before);
  });

  it("B's sent requests show none sent by others", async () => {
    const sent = (await ok(b, 'GET', '/api/users/sentRequests')).json<{ _id: string }[]>();
    expect(sent.map((request) => request._id)).not.toContain(aNotification._id);
  });

  it("B signing out its other devices leaves A's sessions alone", async () => {
    const before = rowsOf(await snapshot(), a.user._id);
    expect((await call(b, 'POST', '/api/users/logoutOthers', {})).statusCode).toBe(200);
    expect(rowsOf(await snapshot(), a.user._id)).toEqual(before);
    expect((await call(a, 'GET', '/api/users/validateUser')).statusCode).toBe(200);
  });

  it("B's list of sessions holds none of A's", async () => {
    const listed = (await call(b, 'GET', '/api/users/sessions')).json<{ _id: string }[]>();
    const ofA = (await call(a, 'GET', '/api/users/sessions')).json<{ _id: string }[]>();
    expect(listed.every((session) => !ofA.some((other) => other._id === session._id))).toBe(true);
  });

  it("B's lists show none of A's vehicles or notifications", async () => {
    const vehicles = (await ok(b, 'GET', '/api/users/getMyVehicles')).json<Vehicle[]>();
    const unread = (await ok(b, 'GET', '/api/users/unreadNotifications')).json<ServerNotification[]>();
    expect(vehicles.map((vehicle) => vehicle._id)).not.toContain(aVehicle._id);
    expect(unread.map((notification) => notification._id)).not.toContain(aNotification._id);
  });

  it("B re-registering a token of A's device moves that one device to B (the device changed hands), nothing else of A's", async () => {
    const before = rowsOf(await snapshot(), a.user._id);
    await ok(b, 'POST', '/api/users/fcmToken', { token: A_DEVICE });
    const after = rowsOf(await snapshot(), a.user._id);
    expect(after.devices.map((row) => row.token)).toEqual([A_OTHER_DEVICE]);
    expect({ ...after, devices: [] }).toEqual({ ...before, devices: [] });
  });
});

interface SignedInRoute {
  method: InjectOptions['method'];
  url: string;
  /** A well-formed request, so that only the missing or dead session can be why it is refused. */
  query?: string;
  payload?: () => object;
}

const signedInRoutes: SignedInRoute[] = [
  { method: 'POST', url: '/api/users/logout', payload: () => ({ fcmToken: A_OTHER_DEVICE }) },
  { method: 'GET', url: '/api/users/validateUser' },
  { method: 'GET', url: '/api/users/sessions' },
  { method: 'POST', url: '/api/users/logoutOthers', payload: () => ({}) },
  { method: 'PATCH', url: '/api/users/updateProfile', payload: () => ({ phoneVisible: false }) },
  {
    method: 'POST',
    url: '/api/users/addVehicle',
    payload: () => ({ name: 'Ghost', vehicleNumber: 'KL07AM0009' }),
  },
  { method: 'GET', url: '/api/users/getMyVehicles' },
  {
    method: 'PATCH',
    url: '/api/users/updateVehicle',
    payload: () => ({ id: aVehicle._id, name: 'Ghost' }),
  },
  { method: 'DELETE', url: '/api/users/deleteVehicle', query: `?id=${randomUUID()}` },
  { method: 'POST', url: '/api/users/getVehicleOwner', payload: () => ({ vehicleNumber: 'KL07AM0001' }) },
  {
    method: 'POST',
    url: '/api/users/sendMessage',
    payload: () => ({ userId: a.user._id, vehicleId: aVehicle._id, message: 'Hello' }),
  },
  {
    method: 'POST',
    url: '/api/users/sendNotification',
    payload: () => ({
      receiverId: a.user._id,
      title: 'Vehicle Notification',
      body: 'Please move KL07AM0001',
    }),
  },
  {
    method: 'POST',
    url: '/api/users/verifyVehicle',
    payload: () => ({ id: aVehicle._id, chassisLast5: '59924', engineLast5: '79076' }),
  },
  { method: 'GET', url: '/api/users/vehicleRegistrants', query: `?id=${randomUUID()}` },
  {
    method: 'POST',
    url: '/api/users/keepHousehold',
    payload: () => ({ id: aVehicle._id, registrationId: randomUUID() }),
  },
  {
    method: 'POST',
    url: '/api/users/releaseHousehold',
    payload: () => ({ id: aVehicle._id, registrationId: randomUUID() }),
  },
  { method: 'GET', url: '/api/users/unreadNotifications' },
  { method: 'POST', url: '/api/users/clearAllNotifications' },
  { method: 'POST', url: '/api/users/blockSender', payload: () => ({ notificationId: aNotification._id }) },
  { method: 'POST', url: '/api/users/unblockSender', payload: () => ({ notificationId: aNotification._id }) },
  { method: 'POST', url: '/api/users/fcmToken', payload: () => ({ token: 'someone-else:APA91bCCCCCCCCCC' }) },
  { method: 'GET', url: '/api/users/events' },
  {
    method: 'POST',
    url: '/api/users/replyToNotification',
    payload: () => ({ notificationId: aNotification._id, kind: 'coming_now' }),
  },
  { method: 'POST', url: '/api/users/notificationsSeen', payload: () => ({ ids: [aNotification._id] }) },
  { method: 'GET', url: '/api/users/sentRequests' },
  { method: 'POST', url: '/api/users/callOwner', payload: () => ({ vehicleId: aVehicle._id }) },
];

const PUBLIC_ROUTES = [
  'GET /api/config',
  'GET /api/health',
  'POST /api/users/login',
  'POST /api/users/register',
  'POST /api/users/verify',
];

describe('every signed-in endpoint', () => {
  let revoked: SignedIn;
  let orphaned: SignedIn;
  beforeAll(async () => {
    revoked = await t.signUp();
    await ok(revoked, 'POST', '/api/users/logout', {});
    orphaned = await t.signUp();
    await t.app.database.db.delete(users).where(eq(users.id, orphaned.user._id));
  });

  it('is in this table: every API route is either public or listed here', () => {
    const listed = signedInRoutes.map((route) => `${route.method} ${route.url}`);
    expect(apiRoutes(t.app).map(routeName).sort()).toEqual([...listed, ...PUBLIC_ROUTES].sort());
  });

  const cases = signedInRoutes.flatMap((route) =>
    (
      [
        ['without a token', () => ({})],
        ['with a garbage token', () => ({ authorization: 'Bearer not-a-real-session-token-000000' })],
        ['with a revoked token', () => revoked.headers],
        ['with the token of a deleted user', () => orphaned.headers],
      ] as const
    ).map(([how, headers]) => ({ ...route, how, headers })),
  );

  it.each(cases)('$method $url $how: 401 {message}, and nothing changes', async (route) => {
    const before = await snapshot();
    const response = await t.inject({
      method: route.method,
      url: route.url + (route.query ?? ''),
      payload: route.payload?.(),
      headers: route.headers(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });
});
