/**
 * DESIGN §4: a hidden phone number never leaves the server. A journey over every endpoint, by an owner
 * and a sender who both hid their phones and by a user who did not, keeps every response body, every
 * live-stream frame and every log line; the hidden digits appear in none of them (masked calls hand
 * them to the telephony provider only). Only a user's answers about themselves
 * (register and verify, which echo the number they typed, validateUser, updateProfile) may show their
 * own number, and those answers are kept apart.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedVehicle, ServerNotification, User, Vehicle } from '#common/api';
import { listen, openEventStream, type EventStream } from './testing/event-stream';
import { startFakeExotel, type FakeExotel } from './testing/fake-exotel';
import { apiRoutes, routeName } from './testing/routes';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from './testing/test-app';

interface Seen {
  label: string;
  route: string;
  text: string;
}

let t: TestApp;
let exotel: FakeExotel;
/** Every line the server logged during the journey. */
const logLines: string[] = [];
/** Every body and frame the journey received that someone other than its subject saw or could see. */
const seen: Seen[] = [];
/** The hidden users' answers about themselves: where their own phone is allowed. */
const ownProfile: Seen[] = [];
const reached = new Set<string>();

let owner: SignedIn;
let sender: SignedIn;
let visible: SignedIn;

const hidden = new Set<string>();
const hiddenPhones = () => [owner.user.phone, sender.user.phone];
/** Nobody in the journey showed their e-mail: new accounts keep it hidden. */
const hiddenEmails = () => [owner.user.email, sender.user.email];
const isHidden = (who: SignedIn | null) => who !== null && hidden.has(who.user.phone);

/** A request of the journey; its answer is scanned unless it is a hidden user's own profile. */
async function request(
  label: string,
  who: SignedIn | null,
  options: { method: InjectOptions['method']; url: string; payload?: object },
  expected: number,
) {
  const response = await t.inject({ ...options, headers: who?.headers ?? {} });
  expect(response.statusCode, `${label}: ${response.body}`).toBe(expected);
  const path = options.url.split('?')[0] ?? '';
  const route = `${options.method} ${path}`;
  reached.add(route);
  const own = isHidden(who) && /\/(validateUser|updateProfile)$/.test(path);
  (own ? ownProfile : seen).push({ label, route, text: response.body });
  return response;
}

/** Signs a user up through the API, keeping the bodies; the code comes from the recording SMS sender. */
async function signUp(name: string, hide: boolean): Promise<SignedIn> {
  const phone = nextPhone();
  const registered = await t.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: registration(phone, {
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.in`,
      phoneVisible: !hide,
    }),
  });
  expect(registered.statusCode).toBe(201);
  const verify = await t.inject({
    method: 'POST',
    url: '/api/users/verify',
    payload: { phone, otp: t.sms.lastCode(phone) },
  });
  reached.add('POST /api/users/register').add('POST /api/users/verify');
  const { user, token } = verify.json<{ user: User; token: string }>();
  const who = { user, token, headers: { authorization: `Bearer ${token}` } };
  // Answers to the person who typed the number in, before it was hidden: their own.
  ownProfile.push(
    { label: `${name} registers`, route: 'POST /api/users/register', text: registered.body },
    { label: `${name} verifies`, route: 'POST /api/users/verify', text: verify.body },
  );
  if (hide) {
    hidden.add(phone);
    await request(
      `${name} hides the phone`,
      who,
      {
        method: 'PATCH',
        url: '/api/users/updateProfile',
        payload: { phoneVisible: false },
      },
      200,
    );
  }
  return who;
}

/** Reads until `count` notification frames came, keeping every frame read (request updates too). */
async function readNotifications(stream: EventStream, count: number): Promise<string[]> {
  const frames: string[] = [];
  let notifications = 0;
  while (notifications < count) {
    const frame = await stream.nextEvent();
    if (!frame) throw new Error('the stream ended early');
    frames.push(`event: ${frame.event}\ndata: ${frame.data}`);
    if (frame.event === 'notification') notifications += 1;
  }
  return frames;
}

/** Reads request updates until one satisfies `last`, keeping every frame read. */
async function readRequestsUntil(stream: EventStream, last: (data: string) => boolean): Promise<string[]> {
  const frames: string[] = [];
  for (;;) {
    const frame = await stream.nextEvent();
    if (!frame) throw new Error('the stream ended early');
    frames.push(`event: ${frame.event}\ndata: ${frame.data}`);
    if (frame.event === 'request' && last(frame.data ?? '')) return frames;
  }
}

beforeAll(async () => {
  exotel = await startFakeExotel();
  t = await createTestApp({
    env: { ...exotel.env, LOG_LEVEL: 'info' },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
  const base = await listen(t.app);
  owner = await signUp('Hidden Owner', true);
  sender = await signUp('Hidden Sender', true);
  visible = await signUp('Open Neighbour', false);

  const streams = await Promise.all(
    [owner, sender, visible].map((who) => openEventStream(`${base}/api/users/events`, who.headers)),
  );
  reached.add('GET /api/users/events');

  await request('health', null, { method: 'GET', url: '/api/health' }, 200);
  await request('config', null, { method: 'GET', url: '/api/config' }, 200);
  for (const who of [owner, sender, visible]) {
    await request('validateUser', who, { method: 'GET', url: '/api/users/validateUser' }, 200);
  }

  const car = (
    await request(
      'owner adds a car',
      owner,
      {
        method: 'POST',
        url: '/api/users/addVehicle',
        payload: { name: 'Family Swift', vehicleNumber: 'KL07PR0001' },
      },
      201,
    )
  ).json<Vehicle>();
  const scooter = (
    await request(
      'owner adds a scooter',
      owner,
      {
        method: 'POST',
        url: '/api/users/addVehicle',
        payload: { name: 'Scooter', vehicleNumber: 'KL07PR0002', vehicleType: 'Two' },
      },
      201,
    )
  ).json<Vehicle>();
  const senderCar = (
    await request(
      'sender adds a car',
      sender,
      {
        method: 'POST',
        url: '/api/users/addVehicle',
        payload: { name: 'Alto', vehicleNumber: 'KL07PR0003' },
      },
      201,
    )
  ).json<Vehicle>();
  await request(
    'owner renames',
    owner,
    {
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      payload: { id: car._id, name: 'Family car' },
    },
    200,
  );
  await request(
    'neighbour adds a car',
    visible,
    {
      method: 'POST',
      url: '/api/users/addVehicle',
      payload: { name: 'Nano', vehicleNumber: 'KL07PR0004' },
    },
    201,
  );
  await request('owner lists', owner, { method: 'GET', url: '/api/users/getMyVehicles' }, 200);
  await request(
    'owner tries to verify with no RC provider',
    owner,
    {
      method: 'POST',
      url: '/api/users/verifyVehicle',
      payload: { id: car._id, chassisLast5: '59924', engineLast5: '79076' },
    },
    503,
  );
  await request(
    'owner lists the other registrants of an unverified car',
    owner,
    { method: 'GET', url: `/api/users/vehicleRegistrants?id=${car._id}` },
    409,
  );
  for (const path of ['keepHousehold', 'releaseHousehold']) {
    await request(
      `owner ${path} on an unverified car`,
      owner,
      { method: 'POST', url: `/api/users/${path}`, payload: { id: car._id, registrationId: senderCar._id } },
      409,
    );
  }

  for (const [who, number] of [
    [visible, 'KL 07 PR 0001'],
    [sender, 'kl07pr0001'],
    [visible, 'KL07PR0003'],
    [owner, 'KL07PR0003'],
  ] as const) {
    await request(
      `search ${number}`,
      who,
      {
        method: 'POST',
        url: '/api/users/getVehicleOwner',
        payload: { vehicleNumber: number },
      },
      200,
    );
  }
  const [found] = (
    await request(
      'search the scooter',
      visible,
      {
        method: 'POST',
        url: '/api/users/getVehicleOwner',
        payload: { vehicleNumber: 'KL07PR0002' },
      },
      200,
    )
  ).json<OwnedVehicle[]>();
  if (!found) throw new Error('the scooter was not found');

  const message = (text: string, from: SignedIn, to: SignedIn, vehicleId: string) =>
    request(
      `message: ${text}`,
      from,
      {
        method: 'POST',
        url: '/api/users/sendMessage',
        payload: { userId: to.user._id, vehicleId, message: text },
      },
      201,
    );
  const notify = (text: string, from: SignedIn, to: SignedIn, status = 201) =>
    request(
      `notification: ${text}`,
      from,
      {
        method: 'POST',
        url: '/api/users/sendNotification',
        payload: { receiverId: to.user._id, title: 'Vehicle Notification', body: text },
      },
      status,
    );

  const first = (
    await message('Your car blocks the gate', sender, owner, car._id)
  ).json<ServerNotification>();
  await message('Scooter in the way', visible, owner, found._id);
  await notify('Please move KL07PR0001', sender, owner);
  await notify('Hello neighbour, your KL07PR0004 is in the way', sender, visible);
  await message('Your Alto blocks me', owner, sender, senderCar._id);
  await notify('Thanks, KL07PR0003 can stay', visible, sender);
  const callOwner = (label: string, from: SignedIn, vehicleId: string, status: number) =>
    request(label, from, { method: 'POST', url: '/api/users/callOwner', payload: { vehicleId } }, status);
  await callOwner('the hidden sender calls the hidden owner', sender, car._id, 202);
  exotel.mode = 'error';
  await callOwner('a call Exotel refuses', visible, car._id, 502);
  exotel.mode = 'success';
  await request(
    'the owner starts quiet hours',
    owner,
    {
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { quietHours: { start: '00:00', end: '23:59' }, allowCalls: true },
    },
    200,
  );
  await callOwner('a call in quiet hours', visible, car._id, 409);
  await callOwner('the owner calls the hidden sender', owner, senderCar._id, 202);
  // Eight requests went out: owner 4 (one a call), visible 1, sender 3 (one a call). The streams saw each.
  seen.push(
    ...(await readNotifications(streams[0]!, 4)).map((text) => ({
      label: 'owner stream',
      route: 'GET /api/users/events',
      text,
    })),
    ...(await readNotifications(streams[1]!, 3)).map((text) => ({
      label: 'sender stream',
      route: 'GET /api/users/events',
      text,
    })),
    ...(await readNotifications(streams[2]!, 1)).map((text) => ({
      label: 'neighbour stream',
      route: 'GET /api/users/events',
      text,
    })),
  );
  for (const stream of streams) stream.close();

  for (const who of [owner, sender, visible]) {
    await request('unread', who, { method: 'GET', url: '/api/users/unreadNotifications' }, 200);
  }

  // The owner sees and answers; the senders follow their requests live and in their lists.
  const [senderStream, visibleStream] = await Promise.all(
    [sender, visible].map((who) => openEventStream(`${base}/api/users/events`, who.headers)),
  );
  const ownerUnread = (
    await request('owner unread', owner, { method: 'GET', url: '/api/users/unreadNotifications' }, 200)
  ).json<ServerNotification[]>();
  await request(
    'owner sees the requests',
    owner,
    {
      method: 'POST',
      url: '/api/users/notificationsSeen',
      payload: { ids: ownerUnread.map((item) => item._id) },
    },
    200,
  );
  for (const [kind, notification] of [
    ['five_minutes', first],
    ['not_my_vehicle', ownerUnread.find((item) => item.content === 'Scooter in the way')],
  ] as const) {
    await request(
      `owner answers ${kind}`,
      owner,
      {
        method: 'POST',
        url: '/api/users/replyToNotification',
        payload: { notificationId: notification?._id, kind, text: 'Sorry, coming' },
      },
      201,
    );
  }
  const answered = (data: string) => data.includes('"reply":{');
  seen.push(
    ...(await readRequestsUntil(senderStream!, answered)).map((text) => ({
      label: 'sender stream',
      route: 'GET /api/users/events',
      text,
    })),
    ...(await readRequestsUntil(visibleStream!, answered)).map((text) => ({
      label: 'neighbour stream',
      route: 'GET /api/users/events',
      text,
    })),
  );
  senderStream?.close();
  visibleStream?.close();
  for (const who of [owner, sender, visible]) {
    await request('sent requests', who, { method: 'GET', url: '/api/users/sentRequests' }, 200);
  }
  await request(
    'owner blocks the sender',
    owner,
    {
      method: 'POST',
      url: '/api/users/blockSender',
      payload: { notificationId: first._id },
    },
    200,
  );
  await notify('Blocked now KL07PR0001', sender, owner, 403);
  await request(
    'owner unblocks the sender',
    owner,
    {
      method: 'POST',
      url: '/api/users/unblockSender',
      payload: { notificationId: first._id },
    },
    200,
  );
  await request('owner clears', owner, { method: 'POST', url: '/api/users/clearAllNotifications' }, 200);
  await request(
    'owner registers a device',
    owner,
    {
      method: 'POST',
      url: '/api/users/fcmToken',
      payload: { token: 'owner-device:APA91bPRIVACY0000000000' },
    },
    200,
  );

  // Someone who knows the hidden number tries it everywhere the number is typed in (past the resend gap).
  t.clock.advance(31_000);
  await request(
    'login with the hidden number',
    null,
    {
      method: 'POST',
      url: '/api/users/login',
      payload: { phone: owner.user.phone },
    },
    200,
  );
  await request(
    'register the hidden number again',
    null,
    {
      method: 'POST',
      url: '/api/users/register',
      payload: registration(sender.user.phone),
    },
    409,
  );
  await request(
    'a wrong code for the hidden number',
    null,
    {
      method: 'POST',
      url: '/api/users/verify',
      payload: { phone: owner.user.phone, otp: '000000' },
    },
    400,
  );

  await request(
    'owner deletes the scooter',
    owner,
    {
      method: 'DELETE',
      url: `/api/users/deleteVehicle?id=${scooter._id}`,
    },
    200,
  );
  for (const who of [owner, sender, visible]) {
    await request('sessions', who, { method: 'GET', url: '/api/users/sessions' }, 200);
    await request('logoutOthers', who, { method: 'POST', url: '/api/users/logoutOthers', payload: {} }, 200);
    await request('logout', who, { method: 'POST', url: '/api/users/logout', payload: {} }, 200);
  }
});
afterAll(async () => {
  await t.close();
  await exotel.close();
});

/** The digits, also when written with spaces or hyphens between them. */
const leaks = (text: string, phone: string) =>
  text.includes(phone) || text.replace(/[\s-]/g, '').includes(phone);

describe('a hidden phone number', () => {
  it('is absent from every response body and live frame of the journey', () => {
    for (const phone of hiddenPhones()) {
      const leaked = seen
        .filter((item) => leaks(item.text, phone))
        .map((item) => `${item.label} (${item.route})`);
      expect(leaked, `bodies holding ${phone}`).toEqual([]);
    }
  });

  it('is absent from every log line of the journey', () => {
    for (const phone of hiddenPhones()) {
      expect(logLines.filter((line) => leaks(line, phone))).toEqual([]);
    }
  });

  it('was looked for in the log of a call the provider refused (the scan reads real lines)', () => {
    expect(logLines.some((line) => line.includes('the provider did not place the call'))).toBe(true);
  });

  it('reaches the telephony provider only, which rings both hidden numbers', () => {
    expect(exotel.received.map((call) => [call.form.get('From'), call.form.get('To')])).toContainEqual([
      `+91${sender.user.phone}`,
      `+91${owner.user.phone}`,
    ]);
  });

  it('is shown to its owner in their own profile (the scan would see it if it leaked)', () => {
    for (const phone of hiddenPhones()) {
      expect(ownProfile.some((item) => item.text.includes(phone))).toBe(true);
    }
  });

  it("is hidden while a visible sender's number does reach the receiver's stream (the scan reads real frames)", () => {
    expect(seen.some((item) => item.label === 'owner stream' && leaks(item.text, visible.user.phone))).toBe(
      true,
    );
  });

  it('was looked for in the answers of every endpoint', () => {
    expect([...reached].sort()).toEqual(apiRoutes(t.app).map(routeName).sort());
  });

  it.each([
    ['a search result embedding the hidden owner', 'POST /api/users/getVehicleOwner', 'Hidden Owner'],
    ['a sent message from the hidden sender', 'POST /api/users/sendMessage', 'Hidden Sender'],
    ['a sent notification from the hidden sender', 'POST /api/users/sendNotification', 'Hidden Sender'],
    ['an unread list showing the hidden sender', 'GET /api/users/unreadNotifications', 'Hidden Sender'],
    ['a live frame showing the hidden sender', 'GET /api/users/events', 'Hidden Sender'],
    ['an answer to the hidden sender', 'POST /api/users/replyToNotification', 'Sorry, coming'],
    ['the hidden sender’s list of requests', 'GET /api/users/sentRequests', 'Sorry, coming'],
    ['a live answer to the hidden sender', 'GET /api/users/events', 'Sorry, coming'],
    ['a refused call to the hidden owner', 'POST /api/users/callOwner', 'quiet hours'],
  ])('was looked for in %s', (_what, route, name) => {
    expect(seen.some((item) => item.route === route && item.text.includes(name))).toBe(true);
  });
});

describe('a hidden e-mail address', () => {
  it('is absent from every response body and live frame of the journey', () => {
    for (const email of hiddenEmails()) {
      const leaked = seen
        .filter((item) => item.text.includes(email))
        .map((item) => `${item.label} (${item.route})`);
      expect(leaked, `bodies holding ${email}`).toEqual([]);
    }
  });

  it('is shown to its owner in their own profile (the scan would see it if it leaked)', () => {
    for (const email of hiddenEmails()) {
      expect(ownProfile.some((item) => item.text.includes(email))).toBe(true);
    }
  });
});

describe('whether a number has an account', () => {
  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });

  it('is told by login (the spec asks it to send unknown numbers to sign up) and by register (409)', async () => {
    t.clock.advance(31_000);
    expect((await post('/api/users/login', { phone: nextPhone() })).statusCode).toBe(404);
    expect((await post('/api/users/register', registration(visible.user.phone))).statusCode).toBe(409);
  });

  it('is not told by verify: a wrong code gets the same answer for a known and an unknown number', async () => {
    const known = await post('/api/users/verify', { phone: visible.user.phone, otp: '123456' });
    const unknown = await post('/api/users/verify', { phone: nextPhone(), otp: '123456' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });
});
