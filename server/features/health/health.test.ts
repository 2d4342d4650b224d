import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { freePort } from '../../testing/server-process';
import { relayedPostgres, type TcpProxy } from '../../testing/tcp-proxy';
import { createTestApp, type TestApp } from '../../testing/test-app';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 {status: ok} while the database answers', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('does not name the database it runs on', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });
});

describe('GET /api/health with the rate-limit counters in Redis (REDIS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('answers 503 {message} naming Redis while nothing answers there', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Redis unreachable',
      status: 'unavailable',
      unreachable: ['Redis'],
    });
  });
});

describe('GET /api/health during the shutdown drain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.startDrain();
  });
  afterAll(() => t.close());

  it('answers 503 {status: draining} so a proxy stops routing here', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: expect.any(String), status: 'draining' });
  });

  it('still serves other requests, each closing its connection', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).toBe('close');
  });
});

describe('GET /api/health during the shutdown drain behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    t.app.startDrain();
  });
  afterAll(() => t.close());

  it('answers 503 {status: draining}', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'draining' });
  });

  it('still serves other requests, keeping the connection the proxy sent them on', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).not.toBe('close');
  });
});

describe.skipIf(onPostgres)('GET /api/health on PGlite', () => {
  it('answers 503 {message} once the database is closed', async () => {
    const t = await createTestApp();
    try {
      await t.app.database.close();
      const response = await t.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: expect.any(String), status: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(onPostgres)('GET /api/health on PostgreSQL', () => {
  let app: FastifyInstance;
  let relay: TcpProxy;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const relayed = await relayedPostgres();
    ({ relay, drop } = relayed);
    app = await buildApp({
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: './no-dist' }),
      database: relayed.database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });

  it('answers 503 {message} while PostgreSQL is unreachable', async () => {
    await relay.down();
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: expect.any(String), status: 'unavailable' });
    } finally {
      await relay.up();
    }
  });

  it('answers 200 again by itself once PostgreSQL is back', async () => {
    await relay.down();
    expect((await health()).statusCode).toBe(503);
    await relay.up();
    expect((await health()).statusCode).toBe(200);
  });
});
