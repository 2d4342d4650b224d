/**
 * DESIGN §4: a hidden phone number never leaves the server. A journey over every endpoint, by an owner
 * and a sender who both hid their phones and names and keep their read receipts to themselves, and by
 * a user who did not, keeps every response body, every live-stream frame and every log line; the
 * hidden digits appear in none of them (masked calls hand them to the telephony provider only), the
 * hidden names in no body or frame (others see initials), no reason shown to others tells a time, and
 * no sender learns when a hidden user's devices got or opened a request. Only a user's answers about
 * themselves (register and verify, which echo the number they typed, validateUser, updateProfile, consent,
 * exportData) may
 * show their own number and name, and those answers are kept apart.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedVehicle, SentRequest, ServerNotification, User, Vehicle } from '#common/api';
import type { CardRequestCreated, VehicleCard } from '#common/card-api';
import type { CreatedSlips } from '#common/slips-api';
import { rcRecords } from './db/schema';
import { listen, openEventStream, type EventStream } from './testing/event-stream';
import { startFakeCashfree } from './providers/rc/testing/fake-cashfree';
import { startFakeExotel, type FakeExotel } from './providers/telephony/testing/fake-exotel';
import { cameraJpeg, multipartForm } from './testing/photo-fixtures';
import { apiRoutes, routeName } from './testing/routes';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from './testing/test-app';
import { post } from './testing/user-api';

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
/** An owner who shows their name and phone to users: a stranger at the card still sees neither. */
let cardOwner: SignedIn;
let cardCar: Vehicle;
const CARD_PLATE = 'KL07PR0005';

const hidden = new Set<string>();
const hiddenPhones = () => [owner.user.phone, sender.user.phone];
/** Nobody in the journey showed their e-mail: new accounts keep it hidden. */
const hiddenEmails = () => [owner.user.email, sender.user.email];
const isHidden = (who: SignedIn | null) => who !== null && hidden.has(who.user.phone);
const hiddenNames = () => [owner.user.name, sender.user.name];
/** The requests the hidden sender sent the hidden owner, who shares no read receipts. */
const toHiddenOwner = ['Your car blocks the gate', 'Please move KL07PR0001'];

/** A request of the journey; its answer is scanned unless it is a hidden user's own profile. */
async function request(
  label: string,
  who: SignedIn | null,
  // `route`: the route's pattern, for a URL with a parameter in its path.
  {
    route: pattern,
    ...options
  }: {
    method: InjectOptions['method'];
    url: string;
    payload?: object;
    headers?: Record<string, string>;
    route?: string;
  },
  expected: number,
) {
  const response = await t.inject({ ...options, headers: { ...who?.headers, ...options.headers } });
  expect(response.statusCode, `${label}: ${response.body}`).toBe(expected);
  const path = options.url.split('?')[0] ?? '';
  // A path that names a resource (`/images/{id}`) is reached as its route.
  const route = pattern ?? `${options.method} ${path.replace(/\/[0-9a-f-]{36}$/, '/:id')}`;
  reached.add(route);
  const own = isHidden(who) && /\/(validateUser|updateProfile|consent|exportData)$/.test(path);
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
      `${name} hides the phone and the name, and keeps read receipts`,
      who,
      {
        method: 'PATCH',
        url: '/api/users/updateProfile',
        payload: { phoneVisible: false, nameVisible: false, shareReadReceipts: false },
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
  await request('openapi', null, { method: 'GET', url: '/api/openapi.json' }, 200);
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
  await request(
    'search an owner in quiet hours',
    visible,
    { method: 'POST', url: '/api/users/getVehicleOwner', payload: { vehicleNumber: 'KL07PR0001' } },
    200,
  );
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
  await request(
    "the owner's worker reports the pushes it showed",
    owner,
    {
      method: 'POST',
      url: '/api/users/notificationsDelivered',
      payload: { ids: ownerUnread.map((item) => item._id) },
    },
    200,
  );
  for (const [method, path] of [
    ['GET', 'greeting'],
    ['GET', 'answer'],
    ['POST', 'answer'],
  ] as const) {
    await request(
      `the fallback call's ${path} webhook without its secret`,
      null,
      { method, url: `/api/telephony/exotel/${path}?CustomField=${ownerUnread[0]?._id ?? ''}&digits=1` },
      403,
    );
  }
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
  const photoForm = multipartForm(
    { userId: owner.user._id, vehicleId: car._id, caption: 'This is your gate' },
    [{ filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) }],
  );
  const photo = (
    await request(
      'photo: the hidden sender sends the hidden owner a photo',
      sender,
      { method: 'POST', url: '/api/users/sendImage', payload: photoForm.payload, headers: photoForm.headers },
      201,
    )
  ).json<ServerNotification>();
  await request('the owner reads the photo', owner, { method: 'GET', url: photo.image?.url ?? '' }, 200);
  await request(
    'the owner marks the photo a false alarm',
    owner,
    { method: 'POST', url: '/api/users/reportFalseAlarm', payload: { notificationId: photo._id } },
    200,
  );
  await request('the sender reads their strikes', sender, { method: 'GET', url: '/api/users/strikes' }, 200);
  await request(
    'the owner takes the false alarm back',
    owner,
    { method: 'POST', url: '/api/users/undoFalseAlarm', payload: { notificationId: photo._id } },
    200,
  );
  await request(
    'the owner reads their card and slip activity',
    owner,
    { method: 'GET', url: '/api/users/activity' },
    200,
  );
  await request(
    'the sender, not paused, contests a pause',
    sender,
    { method: 'POST', url: '/api/users/contestPause', payload: { text: 'I was blocked in for real' } },
    409,
  );
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

  // The hidden sender leaves a note for a number nobody has registered; the hidden owner registers it.
  const note = (
    await request(
      'sender leaves a waiting note',
      sender,
      {
        method: 'POST',
        url: '/api/users/waitingNotes',
        payload: { vehicleNumber: 'KL07PR0009', text: 'Gate' },
      },
      201,
    )
  ).json<{ _id: string }>();
  await request(
    'neighbour counts who waits',
    visible,
    { method: 'GET', url: '/api/users/waitingNotes/count?vehicleNumber=KL07PR0009' },
    200,
  );
  await request('sender lists notes', sender, { method: 'GET', url: '/api/users/waitingNotes' }, 200);
  await request(
    'owner registers the noted number',
    owner,
    { method: 'POST', url: '/api/users/addVehicle', payload: { name: 'Bike', vehicleNumber: 'KL07PR0009' } },
    201,
  );
  await request('owner reads the note', owner, { method: 'GET', url: '/api/users/unreadNotifications' }, 200);
  await request('sender follows the note', sender, { method: 'GET', url: '/api/users/sentRequests' }, 200);
  await request(
    'sender withdraws a delivered note',
    sender,
    { method: 'DELETE', url: `/api/users/waitingNotes?id=${note._id}` },
    409,
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

  // The scooter has no windscreen card: nothing to print, and the refusal names nothing.
  await request(
    'the printable card of a vehicle without one',
    owner,
    { method: 'GET', url: `/api/users/vehicleCard.pdf?vehicleId=${scooter._id}` },
    404,
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
    await request('consent', who, { method: 'POST', url: '/api/users/consent', payload: {} }, 200);
    await request('export', who, { method: 'GET', url: '/api/users/exportData' }, 200);
  }
  for (const who of [owner, sender, visible]) {
    await request('sessions', who, { method: 'GET', url: '/api/users/sessions' }, 200);
    await request('logoutOthers', who, { method: 'POST', url: '/api/users/logoutOthers', payload: {} }, 200);
  }
  // The hidden sender leaves a wiper slip on the hidden owner's car; a stranger reads and answers it.
  const [slip] = (
    await request(
      'the hidden sender prints slips',
      sender,
      { method: 'POST', url: '/api/users/slips', payload: { count: 2 } },
      201,
    )
  ).json<CreatedSlips>().slips;
  const slipCode = slip?.code ?? '';
  await request(
    'the hidden sender prints the sheet',
    sender,
    { method: 'GET', url: '/api/users/slips.pdf' },
    200,
  );
  await request(
    'the hidden sender attaches a note to a slip',
    sender,
    {
      method: 'POST',
      url: `/api/users/slips/${slipCode}/attach`,
      route: 'POST /api/users/slips/:code/attach',
      payload: { vehicleNumber: 'KL07PR0001', text: 'Slip: please move' },
    },
    201,
  );
  const slipStream = await openEventStream(`${base}/api/users/events`, sender.headers);
  await request(
    'a stranger reads the slip',
    null,
    { method: 'GET', url: `/api/public/slips/${slipCode}`, route: 'GET /api/public/slips/:code' },
    200,
  );
  await request(
    'a stranger answers the slip',
    null,
    {
      method: 'POST',
      url: `/api/public/slips/${slipCode}/reply`,
      route: 'POST /api/public/slips/:code/reply',
      payload: { kind: 'coming_now' },
    },
    201,
  );
  seen.push(
    ...(await readRequestsUntil(slipStream, answered)).map((text) => ({
      label: 'sender stream (slip)',
      route: 'GET /api/users/events',
      text,
    })),
    {
      label: 'the slip page',
      route: 'GET /s/:code',
      text: (await t.inject({ method: 'GET', url: `/s/${slipCode}` })).body,
    },
  );
  slipStream.close();

  // Someone leaves; the request it sent stays with the hidden sender, from "Deleted account".
  const leaving = await signUp('Leaving Neighbour', false);
  await message('Your Alto is in my way', leaving, sender, senderCar._id);
  await request('an account is deleted', leaving, { method: 'DELETE', url: '/api/users/account' }, 200);
  await request(
    'unread after a sender left',
    sender,
    { method: 'GET', url: '/api/users/unreadNotifications' },
    200,
  );
  await windscreenCardJourney(base);
  for (const who of [owner, sender, visible]) {
    await request('logout', who, { method: 'POST', url: '/api/users/logout', payload: {} }, 200);
  }
});

/** A stranger with no account reaches an owner through a windscreen card; the owner answers. */
async function windscreenCardJourney(base: string): Promise<void> {
  cardOwner = await signUp('Card Owner', false);
  cardCar = (
    await request(
      'card owner adds a car',
      cardOwner,
      {
        method: 'POST',
        url: '/api/users/addVehicle',
        payload: { name: 'Ertiga', vehicleNumber: CARD_PLATE },
      },
      201,
    )
  ).json<Vehicle>();
  const vehicleId = cardCar._id;
  const first = (
    await request(
      'card owner makes a card',
      cardOwner,
      { method: 'POST', url: '/api/users/vehicleCard', payload: { vehicleId } },
      201,
    )
  ).json<VehicleCard>();
  const card = (
    await request(
      'card owner rotates it',
      cardOwner,
      { method: 'POST', url: '/api/users/rotateVehicleCard', payload: { vehicleId } },
      200,
    )
  ).json<VehicleCard>();
  const cardRoute = 'GET /api/public/cards/:code';
  await request(
    'a user scans the card',
    visible,
    { method: 'GET', url: `/api/users/cardVehicle?code=${card.code}` },
    200,
  );
  await request(
    'a stranger opens the card',
    null,
    { method: 'GET', url: `/api/public/cards/${card.code}`, route: cardRoute },
    200,
  );
  await request(
    'a stranger opens the old card',
    null,
    { method: 'GET', url: `/api/public/cards/${first.code}`, route: cardRoute },
    404,
  );
  const sendRoute = 'POST /api/public/cards/:code/requests';
  const send = (payload: object, expected: number) =>
    request(
      'a stranger sends through the card',
      null,
      { method: 'POST', url: `/api/public/cards/${card.code}/requests`, payload, route: sendRoute },
      expected,
    );
  await send({ plateLast4: '9999', text: 'Please move your car' }, 400);
  const { requestId, statusToken } = (
    await send({ plateLast4: '0005', templateKey: 'blocking' }, 201)
  ).json<CardRequestCreated>();
  const strangerPhone = nextPhone();
  await request(
    'a stranger asks a code to call through the card',
    null,
    { method: 'POST', url: '/api/public/phone/code', payload: { phone: strangerPhone } },
    200,
  );
  const callFromCard = (label: string, otp: string, expected: number) =>
    request(
      label,
      null,
      {
        method: 'POST',
        url: `/api/public/cards/${card.code}/call`,
        payload: { phone: strangerPhone, otp },
        route: 'POST /api/public/cards/:code/call',
      },
      expected,
    );
  const strangerCode = t.sms.lastCode(strangerPhone);
  const wrongCode = String((Number(strangerCode) + 1) % 1_000_000).padStart(6, '0');
  await callFromCard('a stranger calls through the card with a wrong code', wrongCode, 400);
  await callFromCard('a stranger calls through the card', strangerCode, 202);
  const streamRoute = 'GET /api/public/requests/:statusToken/events';
  const stream = await openEventStream(`${base}/api/public/requests/${statusToken}/events`);
  reached.add(streamRoute);
  await request(
    'card owner answers',
    cardOwner,
    {
      method: 'POST',
      url: '/api/users/replyToNotification',
      payload: { notificationId: requestId, kind: 'five_minutes', text: 'Coming' },
    },
    201,
  );
  for (let frame = await stream.nextEvent(); frame; frame = await stream.nextEvent()) {
    seen.push({
      label: 'stranger status stream',
      route: streamRoute,
      text: `event: ${frame.event}\ndata: ${frame.data}`,
    });
    if (frame.data?.includes('five_minutes')) break;
  }
  stream.close();
  await request(
    'a stranger follows the request',
    null,
    {
      method: 'GET',
      url: `/api/public/requests/${statusToken}`,
      route: 'GET /api/public/requests/:statusToken',
    },
    200,
  );
  await request(
    'card owner pauses the card',
    cardOwner,
    { method: 'POST', url: '/api/users/pauseVehicleCard', payload: { vehicleId } },
    200,
  );
  await request(
    'a stranger opens the paused card',
    null,
    { method: 'GET', url: `/api/public/cards/${card.code}`, route: cardRoute },
    200,
  );
  await request(
    'card owner resumes the card',
    cardOwner,
    { method: 'POST', url: '/api/users/resumeVehicleCard', payload: { vehicleId } },
    200,
  );
  await request(
    'card owner turns the card off',
    cardOwner,
    { method: 'DELETE', url: `/api/users/vehicleCard?vehicleId=${vehicleId}` },
    200,
  );
  await request(
    'card owner reads the activity of the card and its strangers',
    cardOwner,
    { method: 'GET', url: '/api/users/activity' },
    200,
  );
}
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
    ['a search result embedding the hidden owner', 'POST /api/users/getVehicleOwner', '"H. O."'],
    ['a sent message from the hidden sender', 'POST /api/users/sendMessage', '"H. S."'],
    ['a sent notification from the hidden sender', 'POST /api/users/sendNotification', '"H. S."'],
    ['a sent photo from the hidden sender', 'POST /api/users/sendImage', '"H. S."'],
    ['an unread list showing the hidden sender', 'GET /api/users/unreadNotifications', '"H. S."'],
    ['a live frame showing the hidden sender', 'GET /api/users/events', '"H. S."'],
    ['an answer to the hidden sender', 'POST /api/users/replyToNotification', 'Sorry, coming'],
    ['the hidden sender’s list of requests', 'GET /api/users/sentRequests', 'Sorry, coming'],
    ['a live answer to the hidden sender', 'GET /api/users/events', 'Sorry, coming'],
    ['a refused call to the hidden owner', 'POST /api/users/callOwner', 'quiet hours'],
    ['a slip the hidden sender left', 'GET /api/public/slips/:code', 'Slip: please move'],
    ['the page of that slip', 'GET /s/:code', 'Slip: please move'],
  ])('was looked for in %s', (_what, route, name) => {
    expect(seen.some((item) => item.route === route && item.text.includes(name))).toBe(true);
  });
});

describe('a hidden name', () => {
  it('is absent from every response body and live frame of the journey', () => {
    for (const name of hiddenNames()) {
      const leaked = seen
        .filter((item) => item.text.includes(name))
        .map((item) => `${item.label} (${item.route})`);
      expect(leaked, `bodies holding ${name}`).toEqual([]);
    }
  });

  it('is shown to its owner in their own profile (the scan would see it if it leaked)', () => {
    for (const name of hiddenNames()) {
      expect(ownProfile.some((item) => item.text.includes(name))).toBe(true);
    }
  });

  it("is hidden while a visible user's name does reach others (the scan reads real bodies)", () => {
    expect(seen.some((item) => item.label === 'owner stream' && item.text.includes(visible.user.name))).toBe(
      true,
    );
  });
});

describe('what others are told of an owner’s day', () => {
  const reasons = () =>
    seen.flatMap((item) => {
      if (item.route === 'POST /api/users/callOwner') return [JSON.parse(item.text).message as string];
      if (item.route !== 'POST /api/users/getVehicleOwner') return [];
      return JSON.parse(item.text).flatMap((found: OwnedVehicle) => found.userId.maskedCall.reason ?? []);
    });

  it('includes the reasons of a refused call and of a search in quiet hours', () => {
    expect(reasons().filter((reason) => reason.includes('quiet hours'))).toHaveLength(2);
  });

  it('holds no time in any reason', () => {
    expect(reasons().filter((reason) => /\d/.test(reason))).toEqual([]);
  });
});

describe('read receipts kept to oneself', () => {
  const requestsToHiddenOwner = () =>
    seen
      .flatMap((item) => {
        if (item.route === 'GET /api/users/sentRequests') return JSON.parse(item.text) as SentRequest[];
        const frame = /^event: request\ndata: (.*)$/s.exec(item.text);
        return frame?.[1] ? [JSON.parse(frame[1]) as SentRequest] : [];
      })
      .filter((request) => toHiddenOwner.includes(request.content));

  it('show its sender neither when the request reached its receiver nor when it was opened', () => {
    const requests = requestsToHiddenOwner();
    expect(requests.length).toBeGreaterThan(2);
    expect(requests.filter((request) => request.deliveredAt !== null || request.seenAt !== null)).toEqual([]);
  });

  it('still show the answer', () => {
    expect(requestsToHiddenOwner().some((request) => request.reply?.text === 'Sorry, coming')).toBe(true);
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
  it('is told by login (the spec asks it to send unknown numbers to sign up) and by register (409)', async () => {
    t.clock.advance(31_000);
    expect((await post(t, '/api/users/login', { phone: nextPhone() })).statusCode).toBe(404);
    expect((await post(t, '/api/users/register', registration(visible.user.phone))).statusCode).toBe(409);
  });

  it('is not told by verify: a wrong code gets the same answer for a known and an unknown number', async () => {
    const known = await post(t, '/api/users/verify', { phone: visible.user.phone, otp: '123456' });
    const unknown = await post(t, '/api/users/verify', { phone: nextPhone(), otp: '123456' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });
});

describe("the RC record's details of the registered owner", () => {
  it('reach no answer, no log line, and no stored row but the mobile number a check compares', async () => {
    const cashfree = await startFakeCashfree();
    const lines: string[] = [];
    const rc = await createTestApp({
      env: {
        RC_PROVIDER: 'cashfree',
        CASHFREE_CLIENT_ID: 'CF-client',
        CASHFREE_CLIENT_SECRET: 'cf-secret',
        CASHFREE_BASE_URL: cashfree.url,
        LOG_LEVEL: 'info',
      },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const registeredMobile = '6123498765';
      cashfree.record.mobile_number = registeredMobile;
      const claimant = await rc.signUp();
      const added = await rc.inject({
        method: 'POST',
        url: '/api/users/addVehicle',
        headers: claimant.headers,
        payload: { name: 'Not mine', vehicleNumber: 'KL07RC0001' },
      });
      const answer = await rc.inject({
        method: 'POST',
        url: '/api/users/verifyVehicle',
        headers: claimant.headers,
        payload: { id: added.json<Vehicle>()._id, chassisLast5: '12345', engineLast5: '54321' },
      });
      expect(answer.statusCode).toBe(400);
      // The owner's name and address the fake provider answers with every record.
      const [ownerName, address] = ['JOHN DOE', 'D-901 Sun Apartments'];
      for (const secret of [registeredMobile, ownerName, address]) {
        expect(answer.body).not.toContain(secret);
        expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      }
      const stored = JSON.stringify(await rc.app.database.db.select().from(rcRecords));
      expect(stored).toContain(registeredMobile);
      expect(stored).not.toContain(ownerName);
      expect(stored).not.toContain(address);
      expect(lines.some((line) => line.includes('/api/users/verifyVehicle'))).toBe(true);
    } finally {
      await rc.close();
      cashfree.close();
    }
  });
});

describe('what a stranger learns from a windscreen card', () => {
  const publicAnswers = () =>
    seen.filter((item) => / \/api\/public\/(cards|requests|phone)\//.test(item.route));

  it('was looked for in every public answer, the live answer included', () => {
    expect(new Set(publicAnswers().map((item) => item.route)).size).toBe(6);
    expect(publicAnswers().some((item) => item.text.includes('"five_minutes"'))).toBe(true);
  });

  it('is the vehicle type and the masked plate: never the owner’s name, phone, e-mail, ids or the full plate', () => {
    const secrets = [
      cardOwner.user.name,
      cardOwner.user.phone,
      cardOwner.user.email,
      cardOwner.user._id,
      cardCar._id,
      CARD_PLATE,
      CARD_PLATE.toLowerCase(),
    ];
    const leaked = publicAnswers().flatMap((item) =>
      secrets.filter((secret) => leaks(item.text, secret)).map((secret) => `${item.label}: ${secret}`),
    );
    expect(leaked).toEqual([]);
    const cards = publicAnswers().flatMap((item) =>
      item.route === 'GET /api/public/cards/:code' && item.text.includes('maskedNumber')
        ? [JSON.parse(item.text) as { maskedNumber: string }]
        : [],
    );
    expect(cards.length).toBeGreaterThan(0);
    // The state and office codes only: the last four digits are the stranger's proof of being at the car.
    for (const card of cards) expect(card.maskedNumber).toBe('KL 07 ** ****');
  });

  it('gives the full plate to a signed-in scanner only (the scan would see it if it leaked)', () => {
    const scanned = seen.find((item) => item.route === 'GET /api/users/cardVehicle');
    expect(scanned && leaks(scanned.text, CARD_PLATE.toLowerCase())).toBe(true);
  });
});
