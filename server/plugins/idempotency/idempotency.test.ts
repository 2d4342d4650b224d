import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema';
import { storedFor, vehicleOf } from '../../testing/notification-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { ABANDONED_AFTER_MS, KEY_TTL_MS, requestHash } from './store';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newKey = () => `key_${randomUUID()}`;

interface Route {
  url: string;
  payload(owner: SignedIn, vehicleId: string, text: string): object;
}

/** The number of each vehicle setup() adds: a notification must name one of the receiver's vehicles. */
const vehicleNumbers = new Map<string, string>();

const routes: [string, Route][] = [
  [
    'sendMessage',
    {
      url: '/api/users/sendMessage',
      payload: (owner, vehicleId, text) => ({ userId: owner.user._id, vehicleId, message: text }),
    },
  ],
  [
    'sendNotification',
    {
      url: '/api/users/sendNotification',
      payload: (owner, vehicleId, text) => ({
        receiverId: owner.user._id,
        title: 'Vehicle Notification',
        body: `${text}: ${vehicleNumbers.get(vehicleId) ?? ''}`,
      }),
    },
  ],
];

async function setup(app: TestApp = t) {
  const [sender, owner] = [await app.signUp(), await app.signUp()];
  const vehicle = await vehicleOf(app, owner);
  vehicleNumbers.set(vehicle.id, vehicle.vehicleNumber);
  return { sender, owner, vehicleId: vehicle.id };
}

function send(app: TestApp, route: Route, who: SignedIn, payload: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: route.url,
    payload,
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

describe.each(routes)('Idempotency-Key on %s', (_name, route) => {
  it('stores every request sent without the header, as before', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    expect((await send(t, route, sender, payload)).statusCode).toBe(201);
    expect((await send(t, route, sender, payload)).statusCode).toBe(201);
    expect(await storedFor(t, owner)).toHaveLength(2);
  });

  it('answers a repeat of the key with the first status and body and stores nothing new', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    const first = await send(t, route, sender, payload, key);
    t.clock.advance(60_000);
    const repeat = await send(t, route, sender, payload, key);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('treats the same body with its fields in another order as the same request', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const key = newKey();
    await send(t, route, sender, payload, key);
    expect((await send(t, route, sender, reordered, key)).statusCode).toBe(201);
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('answers 422 to the same key with a different body and stores nothing new', async () => {
    const { sender, owner, vehicleId } = await setup();
    const key = newKey();
    await send(t, route, sender, route.payload(owner, vehicleId, 'Please move'), key);
    const other = await send(t, route, sender, route.payload(owner, vehicleId, 'Something else'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: expect.stringContaining('Idempotency-Key') });
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(129)],
    ['a space', 'abcd efgh'],
    ['a dot', 'abcd.efgh'],
    ['empty', ''],
  ])('answers 400 to a key that is %s and stores nothing', async (_what, key) => {
    const { sender, owner, vehicleId } = await setup();
    const response = await send(t, route, sender, route.payload(owner, vehicleId, 'Hi'), key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining('Idempotency-Key') });
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('accepts keys of 8 and of 128 characters', async () => {
    const { sender, owner, vehicleId } = await setup();
    const short = await send(t, route, sender, route.payload(owner, vehicleId, 'One'), 'Ab3_-xyz');
    const long = await send(t, route, sender, route.payload(owner, vehicleId, 'Two'), 'a'.repeat(128));
    expect([short.statusCode, long.statusCode]).toEqual([201, 201]);
  });

  it('keeps keys per sender: another sender with the same key is a new request', async () => {
    const { sender, owner, vehicleId } = await setup();
    const other = await t.signUp();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    await send(t, route, sender, payload, key);
    const response = await send(t, route, other, payload, key);
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedFor(t, owner)).toHaveLength(2);
  });

  it('forgets a key after 24 hours: the same key then sends again', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    await send(t, route, sender, payload, key);
    t.clock.advance(KEY_TTL_MS + 1000);
    const late = await send(t, route, sender, payload, key);
    expect(late.statusCode).toBe(201);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedFor(t, owner)).toHaveLength(2);
  });

  it('answers 409 to a repeat while the first request is still being processed', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    await claimWithoutAnswer(t, sender, key, requestHash('POST', route.url, payload));
    const repeat = await send(t, route, sender, payload, key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: expect.any(String) });
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('takes over a claim left unanswered by a server that stopped mid-request', async () => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    await claimWithoutAnswer(t, sender, key, requestHash('POST', route.url, payload));
    t.clock.advance(ABANDONED_AFTER_MS + 1000);
    expect((await send(t, route, sender, payload, key)).statusCode).toBe(201);
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('keeps the key and its answer in the database', async () => {
    const { sender, owner, vehicleId } = await setup();
    const key = newKey();
    const first = await send(t, route, sender, route.payload(owner, vehicleId, 'Please move'), key);
    expect(await keyRow(t, sender, key)).toMatchObject({ responseStatus: 201, responseBody: first.body });
  });

  it('keeps nothing for a refused request: no key row, and a repeat runs again', async () => {
    const { sender, owner, vehicleId } = await setup();
    const key = newKey();
    const bad = { ...route.payload(owner, vehicleId, 'Hi'), extra: true };
    expect((await send(t, route, sender, bad, key)).statusCode).toBe(400);
    expect(await keyRow(t, sender, key)).toBeUndefined();
    expect((await send(t, route, sender, route.payload(owner, vehicleId, 'Hi'), key)).statusCode).toBe(201);
  });

  it('lets a repeat after a 429 run again once the limit allows it', async () => {
    const limited = await createTestApp({ env: { SENDS_PER_PAIR_10_MINUTES: '1' } });
    try {
      const { sender, owner, vehicleId } = await setup(limited);
      await send(limited, route, sender, route.payload(owner, vehicleId, 'First'));
      const payload = route.payload(owner, vehicleId, 'Second');
      const key = newKey();
      expect((await send(limited, route, sender, payload, key)).statusCode).toBe(429);
      limited.clock.advance(10 * 60_000 + 1000);
      expect((await send(limited, route, sender, payload, key)).statusCode).toBe(201);
      expect(await storedFor(limited, owner)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(onPostgres)('Idempotency-Key races on PostgreSQL', () => {
  it.each(routes)('stores one %s when the same key arrives many times at once', async (_name, route) => {
    const { sender, owner, vehicleId } = await setup();
    const payload = route.payload(owner, vehicleId, 'Please move');
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => send(t, route, sender, payload, key)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(
      1,
    );
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('answers a repeat sent to another instance on the same database with the first answer', async () => {
    const second = await createTestApp({ sharedWith: t });
    try {
      const [[, route]] = routes as [[string, Route]];
      const { sender, owner, vehicleId } = await setup();
      const payload = route.payload(owner, vehicleId, 'Please move');
      const key = newKey();
      const first = await send(t, route, sender, payload, key);
      const repeat = await send(second, route, sender, payload, key);
      expect(repeat.json()).toEqual(first.json());
      expect(await storedFor(t, owner)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

async function claimWithoutAnswer(app: TestApp, who: SignedIn, key: string, requestHash: string) {
  await app.app.database.db
    .insert(idempotencyKeys)
    .values({ userId: who.user._id, key, requestHash, createdAt: app.clock.now() });
}

async function keyRow(app: TestApp, who: SignedIn, key: string) {
  const [row] = await app.app.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, who.user._id), eq(idempotencyKeys.key, key)));
  return row;
}
