/**
 * Property-based fuzzing (fast-check, fixed seeds) of every API route: random and hostile bodies, query
 * strings and headers never get a 500, never crash the app, and a refused request (4xx) writes nothing:
 * every table is the same before and after it.
 */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import { snapshotTables } from './testing/db-snapshot';
import { apiRoutes, routeName, type RouteKey } from './testing/routes';
import { createTestApp, registration, type SignedIn, type TestApp } from './testing/test-app';

const RUNS_PER_ROUTE = 100;
const SEED = 20261121;

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let vehicle: Vehicle;
let notification: ServerNotification;

/** The fields each route reads, so that many bodies get past JSON parsing and into the schemas. */
const FIELDS: Record<string, string[]> = {
  '/api/users/login': ['phone'],
  '/api/users/register': [...Object.keys(registration('9876543210')), 'phoneVisible'],
  '/api/users/verify': ['phone', 'otp'],
  '/api/users/logout': ['fcmToken'],
  '/api/users/verifyVehicle': ['id', 'chassisLast5', 'engineLast5'],
  '/api/users/vehicleRegistrants': ['id'],
  '/api/users/keepHousehold': ['id', 'registrationId'],
  '/api/users/releaseHousehold': ['id', 'registrationId'],
  '/api/users/updateProfile': ['phoneVisible', 'emailVisible', 'allowCalls', 'quietHours'],
  '/api/users/addVehicle': ['vehicleType', 'name', 'vehicleNumber'],
  '/api/users/updateVehicle': ['id', 'name', 'vehicleNumber'],
  '/api/users/deleteVehicle': ['id'],
  '/api/users/getVehicleOwner': ['vehicleNumber'],
  '/api/users/sendMessage': ['userId', 'vehicleId', 'message'],
  '/api/users/sendNotification': ['receiverId', 'title', 'body'],
  '/api/users/blockSender': ['notificationId'],
  '/api/users/unblockSender': ['notificationId'],
  '/api/users/fcmToken': ['token'],
  '/api/users/replyToNotification': ['notificationId', 'kind', 'text'],
  '/api/users/notificationsSeen': ['ids'],
  '/api/users/callOwner': ['vehicleId'],
};
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
  const keys = FIELDS[route.url] ?? [];
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
  const keys = [...(FIELDS[route.url] ?? []), ...POLLUTION_KEYS, 'id[]', '__proto__[polluted]'];
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

type Auth = 'owner' | 'other' | 'none' | { header: string };

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
  const token = await t.app.sessions.create((auth === 'owner' ? owner : other).user._id);
  return { authorization: `Bearer ${token}` };
}

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
});
afterAll(() => t.close());

describe('fuzzing every route', () => {
  // Routes are read from the app once it is built; the list is fixed so each route is a test of its own.
  const routes: RouteKey[] = [
    { method: 'GET', url: '/api/config' },
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/users/events' },
    ...Object.keys(FIELDS).map((url) => ({ method: methodOf(url), url })),
    { method: 'GET', url: '/api/users/validateUser' },
    { method: 'GET', url: '/api/users/sessions' },
    { method: 'POST', url: '/api/users/logoutOthers' },
    { method: 'GET', url: '/api/users/getMyVehicles' },
    { method: 'GET', url: '/api/users/unreadNotifications' },
    { method: 'POST', url: '/api/users/clearAllNotifications' },
    { method: 'GET', url: '/api/users/sentRequests' },
  ];

  it('fuzzes exactly the routes the app serves', () => {
    expect(routes.map(routeName).sort()).toEqual(apiRoutes(t.app).map(routeName).sort());
  });

  it.each(routes.map((route, index) => ({ ...route, index })))(
    '$method $url: no 500, and nothing written when refused',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(
          payloadFor(route),
          queryString(route),
          authFor(route),
          idempotencyKey(),
          async (payload, query, auth, key) => {
            const headers = await headersFor(auth);
            if (key !== null) headers['idempotency-key'] = key;
            if (payload.contentType) headers['content-type'] = payload.contentType;
            const before = await snapshotTables(t.app.database.db);
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: route.url + query,
              headers,
              ...(payload.body === undefined ? {} : { payload: payload.body }),
            };
            const response = await t.inject(request);
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(response.json()).toEqual({ message: expect.any(String) });
              expect(await snapshotTables(t.app.database.db)).toEqual(before);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + route.index },
      );
    },
  );

  it('leaves no polluted prototype behind', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('leaves the app answering', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

function methodOf(url: string): string {
  if (url.endsWith('updateProfile') || url.endsWith('updateVehicle')) return 'PATCH';
  if (url.endsWith('deleteVehicle')) return 'DELETE';
  if (url.endsWith('vehicleRegistrants')) return 'GET';
  return 'POST';
}
