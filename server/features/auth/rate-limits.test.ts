import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { rateLimits } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from '../../testing/test-app';
import { search } from '../../testing/user-api';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const register = (t: TestApp, phone: string) =>
  t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });
const login = (t: TestApp, phone: string) =>
  t.inject({ method: 'POST', url: '/api/users/login', payload: { phone } });

function expectTooMany(response: Awaited<ReturnType<typeof register>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: expect.any(String) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('codes per phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a second code within 30 s with 429 and Retry-After, and sends nothing', async () => {
    const phone = nextPhone();
    expect((await register(t, phone)).statusCode).toBe(201);
    const sent = t.sms.sent.length;
    t.clock.advance(29 * SECOND);
    const response = await register(t, phone);
    expectTooMany(response);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(t.sms.sent.length).toBe(sent);
  });

  it('sends another code after the Retry-After of the 30 s gap', async () => {
    const phone = nextPhone();
    await register(t, phone);
    t.clock.advance(10 * SECOND);
    const refused = await register(t, phone);
    expect(refused.statusCode).toBe(429);
    t.clock.advance(Number(refused.headers['retry-after']) * SECOND);
    expect((await register(t, phone)).statusCode).toBe(201);
  });

  it('waits CODE_RESEND_GAP_S between two codes when it is set', async () => {
    const short = await createTestApp({ env: { CODE_RESEND_GAP_S: '5' } });
    try {
      const phone = nextPhone();
      expect((await register(short, phone)).statusCode).toBe(201);
      short.clock.advance(4 * SECOND);
      expectTooMany(await register(short, phone));
      short.clock.advance(1 * SECOND);
      expect((await register(short, phone)).statusCode).toBe(201);
    } finally {
      await short.close();
    }
  });

  it('counts logins and registrations of one phone together', async () => {
    const { user } = await t.signUp();
    t.clock.advance(10 * SECOND);
    expectTooMany(await login(t, user.phone));
  });

  it('refuses a sixth code within the hour with 429 and Retry-After', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await register(t, phone)).statusCode).toBe(201);
      t.clock.advance(31 * SECOND);
    }
    expectTooMany(await register(t, phone));
  });

  it('sends codes again after the Retry-After of the hourly limit', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      await register(t, phone);
      t.clock.advance(31 * SECOND);
    }
    const refused = await register(t, phone);
    expect(refused.statusCode).toBe(429);
    t.clock.advance(Number(refused.headers['retry-after']) * SECOND);
    expect((await register(t, phone)).statusCode).toBe(201);
  });

  it('refuses the 11th code of a day for one phone, sign-up and sign-in codes together, then sends again', async () => {
    const { user } = await t.signUp();
    for (let code = 2; code <= 10; code++) {
      t.clock.advance(code === 6 ? HOUR : 31 * SECOND);
      expect((await login(t, user.phone)).statusCode).toBe(200);
    }
    t.clock.advance(HOUR);
    const sent = t.sms.sent.length;
    const refused = await login(t, user.phone);
    expectTooMany(refused);
    expect(refused.json()).toEqual({ message: 'Too many codes asked for this number. Try again later.' });
    expect(t.sms.sent.length).toBe(sent);
    t.clock.advance(Number(refused.headers['retry-after']) * SECOND);
    expect((await login(t, user.phone)).statusCode).toBe(200);
  });

  it('sends one phone CODES_PER_PHONE_DAY codes a day when it is set', async () => {
    const few = await createTestApp({ env: { CODES_PER_PHONE_DAY: '2' } });
    try {
      const phone = nextPhone();
      expect((await register(few, phone)).statusCode).toBe(201);
      few.clock.advance(HOUR);
      expect((await register(few, phone)).statusCode).toBe(201);
      few.clock.advance(HOUR);
      expectTooMany(await register(few, phone));
    } finally {
      await few.close();
    }
  });

  it('limits each phone on its own', async () => {
    const first = nextPhone();
    await register(t, first);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
  });
});

describe('code requests per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CODE_REQUESTS_PER_ADDRESS_HOUR: '3' } });
  });
  afterAll(() => t.close());

  it('refuses the fourth code request of the hour, logins and registrations together, with 429', async () => {
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    expect((await login(t, nextPhone())).statusCode).toBe(404);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    const sent = t.sms.sent.length;
    expectTooMany(await login(t, nextPhone()));
    expectTooMany(await register(t, nextPhone()));
    expect(t.sms.sent.length).toBe(sent);
  });

  it('leaves another client address its own budget', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(nextPhone()),
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('the daily SMS cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_DAILY_CAP: '2', SIGNUP_CODES_PER_DAY: '2' } });
  });
  afterAll(() => t.close());

  it('refuses codes beyond the cap with 429 and Retry-After, and warns the operator', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    expect(warn).not.toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/reached/));
    const sent = t.sms.sent.length;
    expectTooMany(await register(t, nextPhone()));
    expect(t.sms.sent.length).toBe(sent);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ cap: 2 }),
      expect.stringMatching(/daily SMS cap reached/),
    );
  });

  it('sends codes again a day later', async () => {
    t.clock.advance(DAY);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
  });
});

describe('the daily budget of repeat codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_DAILY_CAP: '4', SIGNUP_CODES_PER_DAY: '4' } });
  });
  afterAll(() => t.close());

  it('keeps half of SMS_DAILY_CAP for numbers asking for their first code of the day', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const { user } = await t.signUp();
    for (let repeat = 1; repeat <= 2; repeat++) {
      t.clock.advance(31 * SECOND);
      expect((await login(t, user.phone)).statusCode).toBe(200);
    }
    t.clock.advance(31 * SECOND);
    const sent = t.sms.sent.length;
    expectTooMany(await login(t, user.phone));
    expect(t.sms.sent.length).toBe(sent);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ cap: 2, budget: 'repeat' }),
      expect.stringMatching(/daily cap of repeat codes reached/),
    );
    expect((await register(t, nextPhone())).statusCode).toBe(201);
  });

  it('counts a code as a first code when the number’s last one is over a day old', async () => {
    const fresh = await createTestApp({ env: { SMS_DAILY_CAP: '5', SIGNUP_CODES_PER_DAY: '5' } });
    try {
      const early = await fresh.signUp();
      fresh.clock.advance(12 * HOUR);
      const busy = await fresh.signUp();
      for (let repeat = 1; repeat <= 2; repeat++) {
        fresh.clock.advance(31 * SECOND);
        expect((await login(fresh, busy.user.phone)).statusCode).toBe(200);
      }
      fresh.clock.advance(12 * HOUR);
      // The two repeats of the day are used; four codes of five in the last 24 hours.
      expect((await login(fresh, early.user.phone)).statusCode).toBe(200);
      expectTooMany(await login(fresh, busy.user.phone));
    } finally {
      await fresh.close();
    }
  });
});

describe('the daily budget of sign-up codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_DAILY_CAP: '10', SIGNUP_CODES_PER_DAY: '5' } });
  });
  afterAll(() => t.close());

  it('keeps sign-ins of existing accounts going when sign-ups to made-up numbers used up theirs', async () => {
    const { user } = await t.signUp();
    for (let i = 0; i < 4; i++) expect((await register(t, nextPhone())).statusCode).toBe(201);
    expectTooMany(await register(t, nextPhone()));
    t.clock.advance(31 * SECOND);
    expect((await login(t, user.phone)).statusCode).toBe(200);
  });

  it('halves SMS_DAILY_CAP for sign-ups by default', () => {
    expect(loadConfig({ SMS_DAILY_CAP: '5000' }).smsDailyCaps).toMatchObject({ total: 5000, signups: 2500 });
  });
});

describe('the operator warning at 80 % of a daily budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_DAILY_CAP: '10', SIGNUP_CODES_PER_DAY: '5' } });
  });
  afterAll(() => t.close());

  it('warns once when the sign-up codes reach 80 % of SIGNUP_CODES_PER_DAY', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    for (let i = 0; i < 3; i++) await register(t, nextPhone());
    expect(warn).not.toHaveBeenCalled();
    await register(t, nextPhone());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ cap: 5, budget: 'signup' }),
      expect.stringMatching(/80%/),
    );
  });

  it('warns when all codes reach 80 % of SMS_DAILY_CAP', async () => {
    // Four sign-up codes so far; this sign-up is the fifth code, and sign-ins make the eighth.
    const { user } = await t.signUp();
    const warn = vi.spyOn(t.app.log, 'warn');
    for (let code = 6; code <= 8; code++) {
      expect(warn).not.toHaveBeenCalledWith(expect.objectContaining({ budget: 'total' }), expect.anything());
      t.clock.advance(31 * SECOND);
      expect((await login(t, user.phone)).statusCode).toBe(200);
    }
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ cap: 10, budget: 'total' }),
      expect.stringMatching(/80%/),
    );
  });
});

/** The limits' suite with the counters in `store`: the database (no REDIS_URL) or Redis. */
function countedIn(store: { REDIS_URL?: string }) {
  const postgres = process.env.TEST_DATABASE === 'postgres';
  // Two instances need one database (PostgreSQL) unless the counters are in Redis.
  const shareable = postgres || store.REDIS_URL !== undefined;
  let first: TestApp;
  let second: TestApp;
  let searcher: SignedIn;
  beforeAll(async () => {
    const env = {
      ...store,
      // Each run its own keys, so parallel test files and earlier runs never share a counter.
      RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
      // One code request and one check of each budget go to signing up the searcher.
      CODE_REQUESTS_PER_ADDRESS_HOUR: '4',
      VERIFY_TRIES_PER_ADDRESS_HOUR: '4',
      SEARCHES_PER_USER_MINUTE: '2',
    };
    first = await createTestApp({ env });
    second = await createTestApp({ env, sharedWith: postgres ? first : undefined });
    searcher = await first.signUp();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it.runIf(shareable)('shares the code-request budget of an address between instances', async () => {
    expect((await register(first, nextPhone())).statusCode).toBe(201);
    expect((await register(second, nextPhone())).statusCode).toBe(201);
    expect((await register(first, nextPhone())).statusCode).toBe(201);
    expectTooMany(await register(second, nextPhone()));
  });

  it.runIf(shareable)('shares the verify budget of an address between instances', async () => {
    const verify = (t: TestApp) =>
      t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone: nextPhone(), otp: '123456' } });
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(400);
    expectTooMany(await verify(first));
  });

  it.runIf(postgres)('shares the search budget of a user between instances', async () => {
    const searchOn = (t: TestApp) => search(t, searcher, 'KL07AB1234');
    expect((await searchOn(first)).statusCode).toBe(200);
    expect((await searchOn(second)).statusCode).toBe(200);
    expectTooMany(await searchOn(first));
  });

  it('counts the searches of a day per user, then answers 429 saying so', async () => {
    const daily = await createTestApp({
      env: { ...store, RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`, SEARCHES_PER_USER_DAY: '2' },
    });
    try {
      const user = await daily.signUp();
      const searchAgain = () => search(daily, user, 'KL07AB1234');
      expect((await searchAgain()).statusCode).toBe(200);
      expect((await searchAgain()).statusCode).toBe(200);
      const refused = await searchAgain();
      expectTooMany(refused);
      expect(refused.json().message).toBe(textsFor('en')._('server.search.tooManyToday'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    } finally {
      await daily.close();
    }
  });

  it.runIf(store.REDIS_URL === undefined)(
    'keeps the counters in the database, where a restart finds them',
    async () => {
      const address = '192.0.2.44';
      await first.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { phone: nextPhone() },
        remoteAddress: address,
      });
      const rows = await first.app.database.db.select().from(rateLimits);
      expect(rows.find((row) => row.key.endsWith(`code-requests:${address}`))?.count).toBe(1);
    },
  );
}

describe('per-address and per-user limits counted in the database', () => countedIn({}));

const redisUrl = process.env.REDIS_URL;
describe.runIf(redisUrl)(
  redisUrl
    ? 'per-address and per-user limits counted in Redis'
    : 'per-address and per-user limits counted in Redis (skipped: needs a Redis server in REDIS_URL, as .ci/run sets)',
  () => countedIn({ REDIS_URL: redisUrl }),
);
