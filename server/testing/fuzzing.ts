/**
 * Property-based fuzzing (fast-check, fixed seeds) of the API: random and hostile bodies, query strings
 * and headers never get a 500, never crash the app, and a refused request (4xx) writes nothing: every
 * table is the same before and after it. The routes are fuzzed in a few files (server/fuzz/) so that
 * both workers share the work; each file seeds an app of its own with `useFuzzedApp`.
 */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import type { CreatedSlips } from '#common/slips-api';
import { OPENAPI_URL } from '../plugins/openapi';
import { fingerprintTables } from './db-snapshot';
import { multipartForm, plainPng, type FormFile } from './photo-fixtures';
import { routeName, type RouteKey } from './routes';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from './test-app';

const RUNS_PER_ROUTE = 100;
const SEED = 20261121;

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let vehicle: Vehicle;
let notification: ServerNotification;
/** Slips of `other`: one without a note, one with. */
let unusedSlip: string;
let attachedSlip: string;
let openApi: OpenApiDocument;

interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
}

const propertiesOf = (schema: JsonSchema): string[] => [
  ...Object.keys(schema.properties ?? {}),
  ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertiesOf),
];

/**
 * The body and query fields a route reads, from the app's OpenAPI document (its zod schemas), so
 * that many bodies get past JSON parsing and into the schemas.
 */
function fieldsOf({ method, url }: RouteKey): string[] {
  const operation = openApi.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const body = Object.values(operation?.requestBody?.content ?? {}).flatMap(({ schema }) =>
    propertiesOf(schema),
  );
  const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
  return [...new Set([...body, ...query.map((parameter) => parameter.name)])];
}

/** A route's path with its parameter filled in: a real slip's code, or anything else. */
function slipCodeParam(): fc.Arbitrary<() => string> {
  return fc.oneof(
    fc.constantFrom(
      () => unusedSlip,
      () => attachedSlip,
      () => attachedSlip.toLowerCase(),
      () => 'ZZZZZ-ZZZZZ',
    ),
    fc.string({ maxLength: 40 }).map((text) => () => text),
    fc.constantFrom('%00', '..%2F..%2Fetc', 'a'.repeat(500), '%E0%A4%A').map((text) => () => text),
  );
}

const withCode = (url: string, code: string) => url.replace(':code', encodeURIComponent(code));
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const deepNesting = (depth: number, open: string, close: string) =>
  open.repeat(depth) + '1' + close.repeat(depth);

/** Values a field should never trip over: wrong types, edge numbers, injections, real ids in the wrong place. */
function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 64 }),
    fc.integer({ min: 0, max: 20_000 }).map((length) => 'x'.repeat(length)),
    fc.uuid(),
    fc.constantFrom<unknown>(
      null,
      '',
      '   ',
      '\u0000',
      '\ud800',
      '\uffff\ufffe',
      '9876543210',
      '+91 98765 43210',
      '0000000000',
      '000000',
      'KL07AB1234',
      'Four',
      'five_minutes',
      'not_my_vehicle',
      true,
      0,
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
      [],
      {},
      { $gt: '' },
      "'; drop table users; --",
      '<script>alert(1)</script>',
      '../../../etc/passwd',
      '%00%ff',
    ),
    fc.constantFrom('vehicle', 'notification', 'owner', 'other').map((which) => () => realId(which)),
    fc.array(
      fc.constantFrom('notification', 'owner').map((which) => () => realId(which)),
      { maxLength: 3 },
    ),
  );
}

function realId(which: string): string {
  if (which === 'vehicle') return vehicle._id;
  if (which === 'notification') return notification._id;
  return which === 'owner' ? owner.user._id : other.user._id;
}

/** Resolves the ids that only exist once the app is seeded. */
function resolve(value: unknown): unknown {
  if (typeof value === 'function') return (value as () => string)();
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  }
  return value;
}

interface Payload {
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

const json = (value: unknown): Payload => ({
  contentType: 'application/json',
  body: JSON.stringify(resolve(value)) ?? 'null',
});

function payloadFor(route: RouteKey): fc.Arbitrary<Payload> {
  const keys = fieldsOf(route);
  const fieldsAndPollution = fc.constantFrom(...keys, ...POLLUTION_KEYS, 'extra');
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fieldsAndPollution, hostileValue(), { maxKeys: 6 }).map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(...keys, 'isAdmin'))
        .map(([polluter, key]) => ({
          contentType: 'application/json',
          body: `{"${polluter}": {"${key}": "polluted", "prototype": {"polluted": true}}, "${key}": "x"}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 9000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
        .map(([depth, [open = '', close = '']]) => ({
          contentType: 'application/json',
          body: deepNesting(depth, open, close),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 200 })
        .map((text) => ({ contentType: 'application/json', body: text })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
        contentType: 'application/json',
        body: Buffer.concat([
          Buffer.from('{"x":"'),
          Buffer.from(bytes),
          Buffer.from([0xff, 0xfe, 0xc0]),
          Buffer.from('"}'),
        ]),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
            'application/xml',
            'application/json, text/html',
          ),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([contentType, value]) => ({ contentType, body: JSON.stringify(value) ?? 'null' })),
    },
    { weight: 1, arbitrary: fc.constant<Payload>({ contentType: undefined, body: undefined }) },
    { weight: 1, arbitrary: fc.constant<Payload>({ contentType: 'application/json', body: '' }) },
  );
}

function queryString(route: RouteKey): fc.Arbitrary<string> {
  const keys = [...fieldsOf(route), ...POLLUTION_KEYS, 'id[]', '__proto__[polluted]'];
  const pair = fc
    .tuple(fc.constantFrom(...keys), fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constant('')))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return fc.oneof(
    fc.constant(''),
    fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`),
    fc.string({ maxLength: 60 }).map((text) => `?${encodeURIComponent(text)}`),
    fc.constantFrom('?id=a&id=b', '?%', '?id=%E0%A4%A', `?${'a'.repeat(5000)}=1`),
  );
}

/** `leaving`: an account of its own for each try, as a deletion that succeeds ends it. */
type Auth = 'owner' | 'other' | 'leaving' | 'none' | { header: string };

/** Sent to every route: the idempotent ones check it, the others ignore it. */
function idempotencyKey(): fc.Arbitrary<string | null> {
  return fc.option(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{8,128}$/),
      fc.stringMatching(/^[ -~]{0,200}$/),
      fc.constantFrom('', 'short', 'k'.repeat(129), 'abc/../../etc', "' or '1'='1"),
    ),
  );
}

function authFor(route: RouteKey): fc.Arbitrary<Auth> {
  const garbage = fc.oneof(
    fc.string({ maxLength: 120 }).map((text) => ({ header: `Bearer ${text}` })),
    fc.stringMatching(/^[A-Za-z0-9_-]{20,100}$/).map((token) => ({ header: `Bearer ${token}` })),
    fc.constantFrom(
      { header: 'Basic dXNlcjpwYXNz' },
      { header: 'Bearer' },
      { header: 'Bearer ' },
      { header: `Bearer ${'A'.repeat(8000)}` },
      { header: 'bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { header: 'Bearer ../../../../etc/passwd' },
      { header: "Bearer ' or '1'='1" },
    ),
  );
  // A signed-in GET of the event stream would stay open by design: it only gets refused credentials.
  if (route.url === '/api/users/events') return fc.oneof(fc.constant<Auth>('none'), garbage);
  if (route.url === '/api/users/account') {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<Auth>('leaving') },
      { weight: 1, arbitrary: fc.constant<Auth>('none') },
      { weight: 2, arbitrary: garbage },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Auth>('owner') },
    { weight: 1, arbitrary: fc.constant<Auth>('other') },
    { weight: 1, arbitrary: fc.constant<Auth>('none') },
    { weight: 2, arbitrary: garbage },
  );
}

/** A fresh session for each signed-in try: a fuzzed logout that succeeds must not end the next tries. */
async function headersFor(auth: Auth): Promise<Record<string, string>> {
  if (auth === 'none') return {};
  if (typeof auth === 'object') return { authorization: auth.header };
  if (auth === 'leaving') return (await t.signUp()).headers;
  const token = await t.app.sessions.create((auth === 'owner' ? owner : other).user._id);
  return { authorization: `Bearer ${token}` };
}

/** Seeds, before the file's tests, an app with two users, a vehicle, a message and two slips; closes it after. */
export function useFuzzedApp(): void {
  beforeAll(async () => {
    // A provider that places every call, so that call requests get past the "no provider" answer.
    t = await createTestApp({ deps: { telephony: { connect: async () => {} } } });
    [owner, other] = [await t.signUp(), await t.signUp()];
    const added = await t.inject({
      method: 'POST',
      url: '/api/users/addVehicle',
      payload: { name: 'Family Swift', vehicleNumber: 'KL07FZ0001' },
      headers: owner.headers,
    });
    vehicle = added.json<Vehicle>();
    const sent = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move your car' },
      headers: other.headers,
    });
    notification = sent.json<ServerNotification>();
    if (added.statusCode !== 201 || sent.statusCode !== 201) throw new Error('seeding failed');
    const slips = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      payload: { count: 3 },
      headers: other.headers,
    });
    [unusedSlip = '', attachedSlip = ''] = slips.json<CreatedSlips>().slips.map((slip) => slip.code);
    const attached = await t.inject({
      method: 'POST',
      url: `/api/users/slips/${attachedSlip}/attach`,
      payload: { vehicleNumber: 'KL07FZ0001', templateKey: 'blocking' },
      headers: other.headers,
    });
    if (attached.statusCode !== 201) throw new Error('seeding slips failed');
    openApi = (await t.inject({ method: 'GET', url: OPENAPI_URL })).json<OpenApiDocument>();
  });
  afterAll(() => t.close());
}

/** Every API route, in a fixed order: a route's place in it gives its seed. */
const ALL_ROUTES: RouteKey[] = [
  { method: 'GET', url: '/api/config' },
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/openapi.json' },
  { method: 'GET', url: '/api/users/events' },
  { method: 'POST', url: '/api/users/login' },
  { method: 'POST', url: '/api/users/register' },
  { method: 'POST', url: '/api/users/verify' },
  { method: 'POST', url: '/api/users/logout' },
  { method: 'POST', url: '/api/users/verifyVehicle' },
  { method: 'GET', url: '/api/users/vehicleRegistrants' },
  { method: 'POST', url: '/api/users/keepHousehold' },
  { method: 'POST', url: '/api/users/releaseHousehold' },
  { method: 'PATCH', url: '/api/users/updateProfile' },
  { method: 'POST', url: '/api/users/consent' },
  { method: 'GET', url: '/api/users/exportData' },
  { method: 'DELETE', url: '/api/users/account' },
  { method: 'POST', url: '/api/users/addVehicle' },
  { method: 'PATCH', url: '/api/users/updateVehicle' },
  { method: 'DELETE', url: '/api/users/deleteVehicle' },
  { method: 'POST', url: '/api/users/getVehicleOwner' },
  { method: 'POST', url: '/api/users/sendMessage' },
  { method: 'POST', url: '/api/users/sendNotification' },
  { method: 'POST', url: '/api/users/blockSender' },
  { method: 'POST', url: '/api/users/unblockSender' },
  { method: 'POST', url: '/api/users/fcmToken' },
  { method: 'POST', url: '/api/users/replyToNotification' },
  { method: 'POST', url: '/api/users/notificationsSeen' },
  { method: 'POST', url: '/api/users/notificationsDelivered' },
  { method: 'POST', url: '/api/users/callOwner' },
  { method: 'POST', url: '/api/users/slips' },
  { method: 'POST', url: '/api/users/slips/:code/attach' },
  { method: 'POST', url: '/api/public/slips/:code/reply' },
  { method: 'POST', url: '/api/users/waitingNotes' },
  { method: 'GET', url: '/api/users/waitingNotes/count' },
  { method: 'GET', url: '/api/users/vehicleCard.pdf' },
  { method: 'POST', url: '/api/users/vehicleCard' },
  { method: 'POST', url: '/api/users/rotateVehicleCard' },
  { method: 'POST', url: '/api/users/pauseVehicleCard' },
  { method: 'POST', url: '/api/users/resumeVehicleCard' },
  { method: 'GET', url: '/api/users/cardVehicle' },
  { method: 'POST', url: '/api/public/cards/:code/requests' },
  { method: 'POST', url: '/api/public/cards/:code/call' },
  { method: 'POST', url: '/api/public/phone/code' },
  { method: 'POST', url: '/api/users/sendImage' },
  { method: 'POST', url: '/api/users/reportFalseAlarm' },
  { method: 'POST', url: '/api/users/undoFalseAlarm' },
  { method: 'POST', url: '/api/users/contestPause' },
  { method: 'GET', url: '/api/users/validateUser' },
  { method: 'GET', url: '/api/users/sessions' },
  { method: 'POST', url: '/api/users/logoutOthers' },
  { method: 'GET', url: '/api/users/getMyVehicles' },
  { method: 'GET', url: '/api/users/unreadNotifications' },
  { method: 'POST', url: '/api/users/clearAllNotifications' },
  { method: 'GET', url: '/api/users/sentRequests' },
  { method: 'GET', url: '/api/users/slips.pdf' },
  { method: 'GET', url: '/api/public/slips/:code' },
  { method: 'GET', url: '/api/users/waitingNotes' },
  { method: 'DELETE', url: '/api/users/waitingNotes' },
  { method: 'GET', url: '/api/telephony/exotel/greeting' },
  { method: 'GET', url: '/api/telephony/exotel/answer' },
  { method: 'POST', url: '/api/telephony/exotel/answer' },
  { method: 'DELETE', url: '/api/users/vehicleCard' },
  // A path parameter is fuzzed as the pattern's own text: a card or token nobody has.
  { method: 'GET', url: '/api/public/cards/:code' },
  { method: 'GET', url: '/api/public/requests/:statusToken' },
  { method: 'GET', url: '/api/public/requests/:statusToken/events' },
  { method: 'GET', url: '/api/users/strikes' },
  { method: 'GET', url: '/api/users/activity' },
  { method: 'GET', url: '/api/users/images/:id' },
];

export type FuzzedRoutes = 'accounts' | 'requests' | 'cardsAndSlips';

const CARDS_AND_SLIPS =
  /^\/api\/public\/|\/(slips|waitingNotes|vehicleCard|rotateVehicleCard|pauseVehicleCard|resumeVehicleCard|cardVehicle)/;
const REQUESTS =
  /^\/api\/telephony\/|\/(send|blockSender|unblockSender|replyTo|notifications|unreadNotifications|clearAllNotifications|sentRequests|callOwner|images|reportFalseAlarm|undoFalseAlarm|strikes|contestPause)/;

/** Which file fuzzes a route: every route falls in exactly one. */
function groupOf(url: string): FuzzedRoutes {
  if (CARDS_AND_SLIPS.test(url)) return 'cardsAndSlips';
  return REQUESTS.test(url) ? 'requests' : 'accounts';
}

export const allFuzzedRoutes = (): RouteKey[] => ALL_ROUTES;

/** The seeded app of the file. */
export const fuzzedApp = (): TestApp => t;

/** The routes one file fuzzes, each with its seed. */
export function routesOf(group: FuzzedRoutes): (RouteKey & { seed: number })[] {
  return ALL_ROUTES.flatMap((route, index) =>
    groupOf(route.url) === group ? [{ ...route, seed: SEED + index }] : [],
  );
}

/** RUNS_PER_ROUTE tries of one route: no 500, and nothing written when refused. */
export async function fuzzRoute(route: RouteKey & { seed: number }): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      payloadFor(route),
      queryString(route),
      authFor(route),
      idempotencyKey(),
      slipCodeParam(),
      async (payload, query, auth, key, code) => {
        const headers = await headersFor(auth);
        if (key !== null) headers['idempotency-key'] = key;
        if (payload.contentType) headers['content-type'] = payload.contentType;
        const before = await fingerprintTables(t.app.database.db);
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: withCode(route.url, code()) + query,
          headers,
          ...(payload.body === undefined ? {} : { payload: payload.body }),
        };
        const response = await t.inject(request);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toEqual({ message: expect.any(String) });
          expect(await fingerprintTables(t.app.database.db)).toEqual(before);
        }
      },
    ),
    { numRuns: RUNS_PER_ROUTE, seed: route.seed },
  );
}

/** The multipart upload of sendImage: hostile forms get no 500, and a refused one writes nothing. */
export async function fuzzPhotoUpload(): Promise<void> {
  type Part = { field: string; value: string } | { file: FormFile };
  const photo = await plainPng(40, 30);
  const names = [...fieldsOf({ method: 'POST', url: '/api/users/sendImage' }), ...POLLUTION_KEYS, 'extra'];
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.constantFrom(owner.user._id, vehicle._id, '9.968', '-181', '1e5', '', 'a'.repeat(2000)),
        ),
      )
      .map(([field, value]) => ({ field, value })),
    fc
      .tuple(
        fc.constantFrom('image', 'photo', '__proto__'),
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
          fc.constant(photo),
        ),
        fc.constantFrom('gate.jpg', 'a"b.png', '../../etc/passwd', ''),
      )
      .map(([name, bytes, filename]) => ({ file: { name, bytes, filename, type: 'image/jpeg' } })),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(part, { maxLength: 8 }),
      fc.option(fc.integer({ min: 0, max: 4000 })),
      fc.constantFrom('as sent', 'without a boundary', 'with another boundary'),
      async (parts, cutAt, boundary) => {
        const fields: Record<string, string> = {};
        const files: FormFile[] = [];
        for (const item of parts) {
          if ('file' in item) files.push(item.file);
          else fields[item.field] = item.value;
        }
        const form = multipartForm(fields, files);
        const contentType =
          boundary === 'as sent'
            ? form.headers['content-type']
            : boundary === 'without a boundary'
              ? 'multipart/form-data'
              : 'multipart/form-data; boundary=something-else';
        const headers = { ...(await headersFor('other')), 'content-type': contentType };
        const before = await fingerprintTables(t.app.database.db);
        const response = await t.inject({
          method: 'POST',
          url: '/api/users/sendImage',
          headers,
          payload: cutAt === null ? form.payload : form.payload.subarray(0, cutAt),
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toEqual({ message: expect.any(String) });
          expect(await fingerprintTables(t.app.database.db)).toEqual(before);
        }
      },
    ),
    { numRuns: RUNS_PER_ROUTE, seed: SEED },
  );
}

/** A body or query each route would accept, so that a control character is the only thing wrong with it. */
const ACCEPTED_INPUT: Record<string, () => Record<string, unknown>> = {
  'POST /api/users/login': () => ({ phone: owner.user.phone }),
  'POST /api/users/register': () => registration(nextPhone()),
  'POST /api/users/verify': () => ({ phone: owner.user.phone, otp: '123456' }),
  'POST /api/users/logout': () => ({ fcmToken: 'device-token' }),
  'POST /api/users/verifyVehicle': () => ({ id: vehicle._id, chassisLast5: 'AB123', engineLast5: 'CD456' }),
  'GET /api/users/vehicleRegistrants': () => ({ id: vehicle._id }),
  'POST /api/users/keepHousehold': () => ({ id: vehicle._id, registrationId: vehicle._id }),
  'POST /api/users/releaseHousehold': () => ({ id: vehicle._id, registrationId: vehicle._id }),
  'PATCH /api/users/updateProfile': () => ({ quietHours: { start: '22:00', end: '07:00' } }),
  'POST /api/users/addVehicle': () => ({
    vehicleType: 'Four',
    name: 'Family Alto',
    vehicleNumber: 'KL07FZ0002',
  }),
  'PATCH /api/users/updateVehicle': () => ({
    id: vehicle._id,
    name: 'Family Swift',
    vehicleNumber: 'KL07FZ0003',
  }),
  'DELETE /api/users/deleteVehicle': () => ({ id: vehicle._id }),
  'POST /api/users/getVehicleOwner': () => ({ vehicleNumber: 'KL07FZ0001' }),
  'POST /api/users/sendMessage': () => ({
    userId: owner.user._id,
    vehicleId: vehicle._id,
    message: 'Please move',
  }),
  'POST /api/users/sendNotification': () => ({
    receiverId: owner.user._id,
    title: 'Blocked',
    body: 'Please move',
  }),
  'POST /api/users/blockSender': () => ({ notificationId: notification._id }),
  'POST /api/users/unblockSender': () => ({ notificationId: notification._id }),
  'POST /api/users/fcmToken': () => ({ token: 'device-token' }),
  'POST /api/users/replyToNotification': () => ({
    notificationId: notification._id,
    kind: 'five_minutes',
    text: 'On my way',
  }),
  'POST /api/users/notificationsSeen': () => ({ ids: [notification._id] }),
  'POST /api/users/notificationsDelivered': () => ({ ids: [notification._id] }),
  'POST /api/users/callOwner': () => ({ vehicleId: vehicle._id }),
  'POST /api/users/slips': () => ({ count: 1 }),
  'POST /api/users/slips/:code/attach': () => ({ vehicleNumber: 'KL07FZ0004', text: 'Please move' }),
  'POST /api/public/slips/:code/reply': () => ({ kind: 'five_minutes' }),
  'POST /api/users/waitingNotes': () => ({ vehicleNumber: 'KL07FZ0009', text: 'Please move' }),
  'DELETE /api/users/waitingNotes': () => ({ id: notification._id }),
  'GET /api/users/waitingNotes/count': () => ({ vehicleNumber: 'KL07FZ0009' }),
  'POST /api/users/vehicleCard': () => ({ vehicleId: vehicle._id }),
  'DELETE /api/users/vehicleCard': () => ({ vehicleId: vehicle._id }),
  'GET /api/users/vehicleCard.pdf': () => ({ vehicleId: vehicle._id }),
  'POST /api/users/rotateVehicleCard': () => ({ vehicleId: vehicle._id }),
  'POST /api/users/pauseVehicleCard': () => ({ vehicleId: vehicle._id }),
  'POST /api/users/resumeVehicleCard': () => ({ vehicleId: vehicle._id }),
  'GET /api/users/cardVehicle': () => ({ code: 'AAAAAAAAAAAAAAAA' }),
  'POST /api/public/cards/:code/requests': () => ({
    plateLast4: '0001',
    text: 'Please move',
    language: 'en',
  }),
  'POST /api/public/cards/:code/call': () => ({ phone: '9700000001', otp: '000000', language: 'en' }),
  'POST /api/public/phone/code': () => ({ phone: '9700000002' }),
  'POST /api/users/sendImage': () => ({
    userId: owner.user._id,
    vehicleId: vehicle._id,
    image: 'a'.repeat(64),
    caption: 'The gate',
    latitude: '9.968',
    longitude: '76.283',
  }),
  'POST /api/users/reportFalseAlarm': () => ({ notificationId: notification._id }),
  'POST /api/users/undoFalseAlarm': () => ({ notificationId: notification._id }),
  'POST /api/users/contestPause': () => ({ text: 'I was blocked in for real' }),
};

/** NUL (which PostgreSQL cannot store in text), other C0 controls, DEL and a C1 control. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085'];

/** Every string of a body, each with a control character put into it, one at a time. */
function withControlCharacter(body: unknown, control: string): unknown[] {
  if (typeof body === 'string') return [`${body.slice(0, 2)}${control}${body.slice(2)}`];
  if (Array.isArray(body)) {
    return body.flatMap((item, index) =>
      withControlCharacter(item, control).map((changed) =>
        body.map((old, at) => (at === index ? changed : old)),
      ),
    );
  }
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) =>
      withControlCharacter(value, control).map((changed) => ({ ...body, [key]: changed })),
    );
  }
  return [];
}

/**
 * The routes that take a body or a query: each gets a control character in each of its text fields.
 * The telephony webhooks are left out: they answer Exotel, and refuse a caller without the secret
 * before reading their input.
 */
export const routesTakingInput = () =>
  ALL_ROUTES.filter((route) => !route.url.startsWith('/api/telephony/') && fieldsOf(route).length > 0).map(
    routeName,
  );
export const routesWithAcceptedInput = () => Object.keys(ACCEPTED_INPUT);

/** Each text field of an accepted body with a control character in it: 400 {message}, nothing written. */
export async function expectControlCharactersRefused(name: string): Promise<void> {
  const accepted = ACCEPTED_INPUT[name]!();
  const [method = '', url = ''] = name.split(' ');
  const queryOnly = method === 'GET' || method === 'DELETE';
  for (const control of CONTROL_CHARACTERS) {
    for (const changed of withControlCharacter(accepted, control)) {
      const headers = await headersFor('other');
      const before = await fingerprintTables(t.app.database.db);
      const query = new URLSearchParams(changed as Record<string, string>).toString();
      const response = await t.inject({
        method: method as InjectOptions['method'],
        url: queryOnly
          ? `${url}?${query}`
          : withCode(url, url.startsWith('/api/public') ? attachedSlip : unusedSlip),
        headers,
        ...(queryOnly ? {} : { payload: changed as Record<string, unknown> }),
      });
      const seen = `${JSON.stringify(changed)}: ${response.body}`;
      expect(response.statusCode, seen).toBe(400);
      expect(response.json(), seen).toEqual({ message: expect.stringContaining('control characters') });
      expect(await fingerprintTables(t.app.database.db)).toEqual(before);
    }
  }
}

/** What no fuzzing may leave behind: a polluted prototype, or an app that no longer answers. */
export async function expectUnharmed(): Promise<void> {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  const response = await t.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
}
