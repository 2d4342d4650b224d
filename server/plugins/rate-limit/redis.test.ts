import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/server-process';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a minute.';

const health = (t: TestApp) => t.inject({ method: 'GET', url: '/api/health' });
const register = (t: TestApp, phone = nextPhone()) =>
  t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });

describe('with REDIS_URL set and nothing listening there', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('still starts, and its health answers 503 naming Redis', async () => {
    expect((await health(t)).json()).toMatchObject({ unreachable: ['Redis'] });
  });

  it.each([
    ['login', { phone: '9876543210' }],
    ['register', registration(nextPhone())],
    ['verify', { phone: '9876543210', otp: '123456' }],
  ])('answers %s with 503, a clear {message} and Retry-After, not 500', async (route, payload) => {
    const response = await t.inject({ method: 'POST', url: `/api/users/${route}`, payload });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: UNAVAILABLE });
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('sends no code while it cannot count code requests', async () => {
    const phone = nextPhone();
    expect((await register(t, phone)).statusCode).toBe(503);
    expect(t.sms.sent.filter((sent) => sent.phone === phone)).toEqual([]);
  });

  it('tells a Malayalam reader in Malayalam', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'accept-language': 'ml' },
      payload: { phone: '9876543210' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(/^സേവനം താൽക്കാലികമായി ലഭ്യമല്ല/);
  });

  it('still answers what counts nothing in Redis', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('with a Redis that goes down and comes back (needs REDIS_URL)', () => {
  let relay: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.host = `127.0.0.1:${relay.port}`;
    t = await createTestApp({
      env: { REDIS_URL: target.toString(), RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('reports Redis in its health while it answers', async () => {
    const response = await health(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', redis: 'ok' });
  });

  it('answers 503 naming Redis while it is down, and serves again by itself once it is back', async () => {
    await relay.down();
    try {
      const down = await health(t);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ message: 'Redis unreachable', unreachable: ['Redis'] });
      const refused = await register(t);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: UNAVAILABLE });
    } finally {
      await relay.up();
    }
    await expect.poll(async () => (await health(t)).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await register(t)).statusCode).toBe(201);
  });
});
