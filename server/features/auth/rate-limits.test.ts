import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';

const SECOND = 1000;
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
    t = await createTestApp({ env: { SMS_DAILY_CAP: '2' } });
  });
  afterAll(() => t.close());

  it('refuses codes beyond the cap with 429 and Retry-After, and warns the operator', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
    expect(warn).not.toHaveBeenCalled();
    const sent = t.sms.sent.length;
    expectTooMany(await register(t, nextPhone()));
    expect(t.sms.sent.length).toBe(sent);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ cap: 2 }),
      expect.stringMatching(/daily SMS cap/),
    );
  });

  it('sends codes again a day later', async () => {
    t.clock.advance(DAY);
    expect((await register(t, nextPhone())).statusCode).toBe(201);
  });
});
