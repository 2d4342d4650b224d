/**
 * Access control (OWASP ASVS V4, API1/API5): user B acting on user A's vehicles, profile, notifications
 * and devices is refused as the contract says, and A's rows are exactly as before. Every signed-in
 * endpoint refuses a missing, revoked or orphaned token.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, ActivityItem, LeftWaitingNote, ServerNotification, Vehicle } from '#common/api';
import type { CreatedSlips } from '#common/slips-api';
import { users, vehicles } from './db/schema';
import { snapshotTables, type TablesSnapshot } from './testing/db-snapshot';
import { apiRoutes, routeName } from './testing/routes';
import { cameraJpeg, multipartForm } from './testing/photo-fixtures';
import { createTestApp, type SignedIn, type TestApp } from './testing/test-app';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
let stranger: SignedIn;
let aVehicle: Vehicle;
let bVehicle: Vehicle;
let bOtherVehicle: Vehicle;
let aNotification: ServerNotification;
let aSlipCode: string;
let aNote: LeftWaitingNote;
let aPhoto: ServerNotification;
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
    waitingNotes: snapshot.notifications.filter((row) => row.senderId === userId && row.expiresAt !== null),
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
  await ok(a, 'POST', '/api/users/vehicleCard', { vehicleId: aVehicle._id });
  await ok(a, 'POST', '/api/users/fcmToken', { token: A_DEVICE });
  await ok(a, 'POST', '/api/users/fcmToken', { token: A_OTHER_DEVICE });
  bVehicle = (
    await ok(b, 'POST', '/api/users/addVehicle', { name: 'Shared Swift', vehicleNumber: 'KL07AM0001' })
  ).json<Vehicle>();
  // B has an inbox of its own, so that "clear all" by B has something to clear.
  bOtherVehicle = (
    await ok(b, 'POST', '/api/users/addVehicle', { name: 'B car', vehicleNumber: 'KL07BM0001' })
  ).json<Vehicle>();
  // B proved its other number (written directly: this server has no RC provider).
  await t.app.database.db
    .update(vehicles)
    .set({ verified: true, verifiedAt: t.clock.now() })
    .where(eq(vehicles.id, bOtherVehicle._id));
  await ok(stranger, 'POST', '/api/users/sendNotification', {
    receiverId: b.user._id,
    title: 'Vehicle Notification',
    body: 'Please move KL07BM0001',
  });
  aSlipCode =
    (await ok(a, 'POST', '/api/users/slips', { count: 1 })).json<CreatedSlips>().slips[0]?.code ?? '';
  // A note of A's waits for a number nobody has registered.
  aNote = (
    await ok(a, 'POST', '/api/users/waitingNotes', { vehicleNumber: 'KL07AN0001', templateKey: 'blocking' })
  ).json<LeftWaitingNote>();
  const form = multipartForm({ userId: a.user._id, vehicleId: aVehicle._id }, [
    { filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) },
  ]);
  const photo = await t.inject({
    method: 'POST',
    url: '/api/users/sendImage',
    payload: form.payload,
    headers: { ...stranger.headers, ...form.headers },
  });
  if (photo.statusCode !== 201) throw new Error(`sendImage: ${photo.statusCode} ${photo.body}`);
  aPhoto = photo.json<ServerNotification>();
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
    name: "B, not verified, releases A's registration of the number they share",
    status: 409,
    request: () =>
      call(b, 'POST', '/api/users/releaseHousehold', { id: bVehicle._id, registrationId: aVehicle._id }),
  },
  {
    name: "B, verified owner of another number, releases A's registration through it",
    status: 404,
    request: () =>
      call(b, 'POST', '/api/users/releaseHousehold', { id: bOtherVehicle._id, registrationId: aVehicle._id }),
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
    name: 'B marks a request A received a false alarm',
    status: 404,
    request: () => call(b, 'POST', '/api/users/reportFalseAlarm', { notificationId: aNotification._id }),
  },
  {
    name: 'B reads the photo A received',
    status: 404,
    request: () => call(b, 'GET', aPhoto.image?.url ?? ''),
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
    name: "B hides A's name by naming A in the body",
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { nameVisible: false, userId: a.user._id }),
  },
  {
    name: 'B renames A by naming A in the body',
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { name: 'Not A', _id: a.user._id }),
  },
  {
    name: "B turns off A's read receipts by naming A in the body",
    status: 400,
    request: () =>
      call(b, 'PATCH', '/api/users/updateProfile', { shareReadReceipts: false, userId: a.user._id }),
  },
  {
    name: 'B renames itself as the service',
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { name: 'Vahan Contact' }),
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
    name: 'B renames A by naming A in the body',
    status: 400,
    request: () => call(b, 'PATCH', '/api/users/updateProfile', { name: 'Taken over', userId: a.user._id }),
  },
  {
    name: "B records A's consent by naming A in the body",
    status: 400,
    request: () => call(b, 'POST', '/api/users/consent', { userId: a.user._id }),
  },
  {
    name: "B deletes A's account by naming A in the query",
    status: 400,
    request: () => call(b, 'DELETE', `/api/users/account?userId=${a.user._id}`),
  },
  {
    name: "B exports A's data by naming A in the query",
    status: 400,
    request: () => call(b, 'GET', `/api/users/exportData?userId=${a.user._id}`),
  },
  {
    name: "B attaches a note to A's slip",
    status: 404,
    request: () =>
      call(b, 'POST', `/api/users/slips/${aSlipCode}/attach`, {
        vehicleNumber: 'KL07AM0001',
        templateKey: 'blocking',
      }),
  },
  {
    name: 'B makes slips for A by naming A in the body',
    status: 400,
    request: () => call(b, 'POST', '/api/users/slips', { count: 1, ownerId: a.user._id }),
  },
  {
    name: "B clears A's notifications by naming A",
    status: 400,
    request: () => call(b, 'POST', '/api/users/clearAllNotifications', { receiverId: a.user._id }),
  },
  {
    name: "B withdraws A's waiting note",
    status: 404,
    request: () => call(b, 'DELETE', `/api/users/waitingNotes?id=${aNote._id}`),
  },
  {
    name: 'B leaves a waiting note naming A as its sender',
    status: 400,
    request: () =>
      call(b, 'POST', '/api/users/waitingNotes', {
        vehicleNumber: 'KL07AN0002',
        templateKey: 'blocking',
        senderId: a.user._id,
      }),
  },
  {
    name: "B lists A's waiting notes by naming A in the query",
    status: 400,
    request: () => call(b, 'GET', `/api/users/waitingNotes?senderId=${a.user._id}`),
  },
  {
    name: "B makes a windscreen card for A's vehicle",
    status: 404,
    request: () => call(b, 'POST', '/api/users/vehicleCard', { vehicleId: aVehicle._id }),
  },
  {
    name: "B rotates A's windscreen card",
    status: 404,
    request: () => call(b, 'POST', '/api/users/rotateVehicleCard', { vehicleId: aVehicle._id }),
  },
  {
    name: "B pauses A's windscreen card",
    status: 404,
    request: () => call(b, 'POST', '/api/users/pauseVehicleCard', { vehicleId: aVehicle._id }),
  },
  {
    name: "B resumes A's windscreen card",
    status: 404,
    request: () => call(b, 'POST', '/api/users/resumeVehicleCard', { vehicleId: aVehicle._id }),
  },
  {
    name: "B turns off A's windscreen card",
    status: 404,
    request: () => call(b, 'DELETE', `/api/users/vehicleCard?vehicleId=${aVehicle._id}`),
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

  it("B cannot undo the false alarm A marked: 404, and A's report stays for A to undo", async () => {
    const request = (
      await ok(await t.signUp(), 'POST', '/api/users/sendMessage', {
        userId: a.user._id,
        vehicleId: aVehicle._id,
        message: 'Your car is blocking the gate',
      })
    ).json<ServerNotification>();
    await ok(a, 'POST', '/api/users/reportFalseAlarm', { notificationId: request._id });
    const refused = await call(b, 'POST', '/api/users/undoFalseAlarm', { notificationId: request._id });
    expect(refused.statusCode).toBe(404);
    expect(
      (await call(a, 'POST', '/api/users/undoFalseAlarm', { notificationId: request._id })).statusCode,
    ).toBe(200);
  });

  it("B's 'clear all' clears B's notifications only", async () => {
    const before = rowsOf(await snapshot(), a.user._id);
    await ok(b, 'POST', '/api/users/clearAllNotifications');
    const after = await snapshot();
    expect(rowsOf(after, a.user._id)).toEqual(before);
    expect(rowsOf(after, b.user._id).received.every((row) => row.readAt !== null)).toBe(true);
  });

  it.each([{ phoneVisible: false }, { name: 'B Renamed', nameVisible: false, shareReadReceipts: false }])(
    "B's profile change %j changes B's profile only",
    async (change) => {
      const before = rowsOf(await snapshot(), a.user._id);
      const response = await ok(b, 'PATCH', '/api/users/updateProfile', change);
      expect(response.json<{ user: { _id: string } }>().user._id).toBe(b.user._id);
      expect(rowsOf(await snapshot(), a.user._id)).toEqual(before);
    },
  );

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

  it("B reporting A's request delivered changes nothing", async () => {
    const before = await snapshot();
    await ok(b, 'POST', '/api/users/notificationsDelivered', { ids: [aNotification._id] });
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

  it("B's export holds none of A's vehicles, requests or sessions", async () => {
    const exported = (await ok(b, 'GET', '/api/users/exportData')).json<AccountExport>();
    const ofA = (await call(a, 'GET', '/api/users/sessions')).json<{ _id: string }[]>();
    expect(exported.profile._id).toBe(b.user._id);
    expect(exported.vehicles.map((vehicle) => vehicle._id)).not.toContain(aVehicle._id);
    expect(exported.requestsReceived.map((request) => request._id)).not.toContain(aNotification._id);
    expect(exported.requestsSent.map((request) => request._id)).not.toContain(aNotification._id);
    expect(exported.sessions.some((session) => ofA.some((other) => other._id === session._id))).toBe(false);
    expect(exported.blocks).toEqual([]);
  });

  it("B's account deletion erases B's own rows only", async () => {
    const leaving = await t.signUp();
    await ok(leaving, 'POST', '/api/users/addVehicle', { name: 'Leaving car', vehicleNumber: 'KL07AM0001' });
    const before = rowsOf(await snapshot(), a.user._id);
    await ok(leaving, 'DELETE', '/api/users/account');
    expect(rowsOf(await snapshot(), a.user._id)).toEqual(before);
    expect((await call(a, 'GET', '/api/users/validateUser')).statusCode).toBe(200);
  });

  it("B's waiting notes and sent requests show none of A's notes; the count says how many, never who", async () => {
    const notes = (await ok(b, 'GET', '/api/users/waitingNotes')).json<{ _id: string }[]>();
    const sent = (await ok(b, 'GET', '/api/users/sentRequests')).json<{ _id: string }[]>();
    expect(notes.map((note) => note._id)).not.toContain(aNote._id);
    expect(sent.map((request) => request._id)).not.toContain(aNote._id);
    const count = await ok(b, 'GET', '/api/users/waitingNotes/count?vehicleNumber=KL07AN0001');
    expect(count.json()).toEqual({ waiting: 1 });
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

  it("B's activity shows none of A's card or slips, though B registered the same number", async () => {
    const ofA = (await ok(a, 'GET', '/api/users/activity')).json<ActivityItem[]>();
    expect(ofA.map((item) => item.kind)).toEqual(expect.arrayContaining(['cardMade', 'slipsPrinted']));
    const ofB = (await ok(b, 'GET', '/api/users/activity')).json<ActivityItem[]>();
    expect(ofB.filter((item) => item.kind !== 'cardRequest')).toEqual([]);
    expect(ofB.map((item) => item.requestId)).not.toContain(aNotification._id);
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
  { method: 'POST', url: '/api/users/notificationsDelivered', payload: () => ({ ids: [aNotification._id] }) },
  { method: 'GET', url: '/api/users/sentRequests' },
  { method: 'POST', url: '/api/users/callOwner', payload: () => ({ vehicleId: aVehicle._id }) },
  { method: 'POST', url: '/api/users/consent', payload: () => ({}) },
  { method: 'GET', url: '/api/users/exportData' },
  { method: 'DELETE', url: '/api/users/account' },
  { method: 'POST', url: '/api/users/slips', payload: () => ({ count: 1 }) },
  { method: 'GET', url: '/api/users/slips.pdf' },
  {
    method: 'POST',
    url: '/api/users/slips/:code/attach',
    payload: () => ({ vehicleNumber: 'KL07AM0001', templateKey: 'blocking' }),
  },
  {
    method: 'POST',
    url: '/api/users/waitingNotes',
    payload: () => ({ vehicleNumber: 'KL07AN0003', templateKey: 'blocking' }),
  },
  { method: 'GET', url: '/api/users/waitingNotes' },
  { method: 'DELETE', url: '/api/users/waitingNotes', query: `?id=${randomUUID()}` },
  { method: 'GET', url: '/api/users/waitingNotes/count', query: '?vehicleNumber=KL07AN0001' },
  { method: 'GET', url: '/api/users/vehicleCard.pdf', query: `?vehicleId=${randomUUID()}` },
  { method: 'POST', url: '/api/users/vehicleCard', payload: () => ({ vehicleId: aVehicle._id }) },
  { method: 'POST', url: '/api/users/rotateVehicleCard', payload: () => ({ vehicleId: aVehicle._id }) },
  { method: 'POST', url: '/api/users/pauseVehicleCard', payload: () => ({ vehicleId: aVehicle._id }) },
  { method: 'POST', url: '/api/users/resumeVehicleCard', payload: () => ({ vehicleId: aVehicle._id }) },
  { method: 'DELETE', url: '/api/users/vehicleCard', query: `?vehicleId=${randomUUID()}` },
  { method: 'GET', url: '/api/users/cardVehicle', query: '?code=AAAAAAAAAAAAAAAA' },
  {
    method: 'POST',
    url: '/api/users/sendImage',
    payload: () => ({ userId: a.user._id, vehicleId: aVehicle._id, image: 'f'.repeat(64) }),
  },
  {
    method: 'POST',
    url: '/api/users/reportFalseAlarm',
    payload: () => ({ notificationId: aNotification._id }),
  },
  {
    method: 'POST',
    url: '/api/users/undoFalseAlarm',
    payload: () => ({ notificationId: aNotification._id }),
  },
  { method: 'GET', url: '/api/users/strikes' },
  { method: 'GET', url: '/api/users/activity' },
  { method: 'POST', url: '/api/users/contestPause', payload: () => ({ text: 'I was blocked in for real' }) },
];

/** Routes that, to keep what they hold unknown, answer a missing or dead session as they answer a stranger: 404. */
const NOT_FOUND_WITHOUT_SESSION = ['GET /api/users/images/:id'];

const PUBLIC_ROUTES = [
  'GET /api/config',
  'GET /api/health',
  'GET /api/openapi.json',
  // The fallback call's webhooks: Exotel calls them with EXOTEL_WEBHOOK_SECRET, not a session.
  'GET /api/telephony/exotel/answer',
  'GET /api/telephony/exotel/greeting',
  'POST /api/telephony/exotel/answer',
  'POST /api/users/login',
  'POST /api/users/register',
  'POST /api/users/verify',
  // Windscreen cards: a stranger at the car has no account (docs/cards.md).
  'GET /api/public/cards/:code',
  'POST /api/public/cards/:code/requests',
  'POST /api/public/cards/:code/call',
  'POST /api/public/phone/code',
  'GET /api/public/requests/:statusToken',
  'GET /api/public/requests/:statusToken/events',
  'GET /api/public/slips/:code',
  'POST /api/public/slips/:code/reply',
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
    expect(apiRoutes(t.app).map(routeName).sort()).toEqual(
      [...listed, ...PUBLIC_ROUTES, ...NOT_FOUND_WITHOUT_SESSION].sort(),
    );
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

  it.each([
    ['without a token', () => ({})],
    ['with a revoked token', () => revoked.headers],
    ['with the token of a deleted user', () => orphaned.headers],
  ] as const)('GET /api/users/images/:id %s: 404 {message}', async (_how, headers) => {
    const response = await t.inject({ method: 'GET', url: aPhoto.image?.url ?? '', headers: headers() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

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

describe("the printable windscreen card of A's vehicle", () => {
  it('is refused to B as unknown, and served to A', async () => {
    await ok(a, 'POST', '/api/users/vehicleCard', { vehicleId: aVehicle._id });
    const url = `/api/users/vehicleCard.pdf?vehicleId=${aVehicle._id}`;
    const refused = await call(b, 'GET', url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect(refused.body).not.toContain('%PDF');
    expect((await call(a, 'GET', url)).headers['content-type']).toBe('application/pdf');
  });
});
