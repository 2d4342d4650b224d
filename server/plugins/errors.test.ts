import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { relayedPostgres } from '../testing/tcp-proxy';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const SECRET = 'secret-internal-detail';

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: './no-dist' }),
    database: database.config,
  };
  app = await buildApp(config);
  // Routes that fail the ways real code can, to see what reaches the client.
  await app.register(
    async (scope) => {
      scope.get('/throws', async () => {
        throw new Error(`${SECRET} at ${process.cwd()}/server/features/auth/routes.ts:42`);
      });
      scope.get('/bad-query', async () => {
        await scope.database.db.execute(sql`select ${sql.raw(SECRET.replaceAll('-', '_'))} from users`);
      });
      scope.get('/duplicate', async () => {
        const user = {
          name: 'Anu',
          email: 'anu@example.in',
          phone: '9999911111',
          gender: 'Female',
          dateOfBirth: '1990-01-01',
          district: 'Ernakulam',
          city: 'Kochi',
        } satisfies typeof users.$inferInsert;
        await scope.database.db.insert(users).values(user);
        await scope.database.db.insert(users).values(user);
      });
      scope.get('/not-ready', async () => {
        throw Object.assign(new Error(`${SECRET} cannot run now`), { code: '55000' });
      });
      scope.get('/lost-transaction', async () => {
        throw new Error('database query failed', {
          cause: new Error('Client has encountered a connection error and is not queryable'),
        });
      });
      scope.get('/closed-pglite', async () => {
        const closed = await PGlite.create('memory://');
        await closed.close();
        await drizzle({ client: closed }).execute(sql`select 1`);
      });
      scope.get('/refused', async () => {
        throw Object.assign(new Error(`connect ECONNREFUSED 10.0.0.7:5432 ${SECRET}`), {
          code: 'ECONNREFUSED',
        });
      });
    },
    { prefix: '/api/test' },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the error contract', () => {
  it('answers 400 {message} to malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "98765',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 413 {message} to a body over 16 KiB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { phone: '9876543210', padding: 'x'.repeat(16 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 415 {message} to a body of a type the API does not take', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<phone>9876543210</phone>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers an unexpected error with 500 and nothing else: no message, stack or path', async () => {
    const response = await get('/api/test/throws');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain(process.cwd());
  });

  it('answers an unexpected error in Malayalam to a client that asks for it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/throws',
      headers: { 'accept-language': 'ml-IN,ml;q=0.9' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'സെർവറിൽ ഒരു പിശക് സംഭവിച്ചു' });
  });

  it('answers a refused request in Malayalam with the detail of what was wrong', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'accept-language': 'ml' },
      payload: { phone: '12' },
    });
    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toMatch(/^അയച്ച വിവരങ്ങൾ ശരിയല്ല: /);
    expect(message).toContain('phone');
  });

  it('answers a failed query with 500 and no SQL', async () => {
    const response = await get('/api/test/bad-query');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toMatch(/select|secret/i);
  });

  it('answers a unique violation with 409 {message} and no SQL', async () => {
    const response = await get('/api/test/duplicate');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toMatch(/insert|users_phone/i);
  });

  it('answers a refused database connection with 503 and Retry-After, naming no address', async () => {
    const response = await get('/api/test/refused');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toMatch(/10\.0\.0\.7|ECONNREFUSED|secret/);
  });
});

describe('a database that cannot answer', () => {
  it.each([
    ['PostgreSQL refuses the query for its state (55000)', '/api/test/not-ready'],
    ['the embedded PGlite is closed', '/api/test/closed-pglite'],
    ['a transaction lost its connection (its rollback fails)', '/api/test/lost-transaction'],
  ])('answers 503 {message} with Retry-After when %s', async (_case, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toMatch(/secret|PGlite|55000/i);
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('with PostgreSQL unreachable', () => {
  let relayed: Awaited<ReturnType<typeof relayedPostgres>>;
  let relayedApp: FastifyInstance;
  beforeAll(async () => {
    relayed = await relayedPostgres();
    relayedApp = await buildApp({
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: './no-dist' }),
      database: relayed.database,
    });
    await relayedApp.ready();
  });
  afterAll(async () => {
    await relayedApp.close();
    await relayed.drop();
  });

  const login = () =>
    relayedApp.inject({ method: 'POST', url: '/api/users/login', payload: { phone: '9876543210' } });

  it('answers an API request with 503 {message} and Retry-After', async () => {
    await relayed.relay.down();
    try {
      const response = await login();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    } finally {
      await relayed.relay.up();
    }
  });

  it('answers API requests again by itself once PostgreSQL is back', async () => {
    await relayed.relay.down();
    expect((await login()).statusCode).toBe(503);
    await relayed.relay.up();
    expect((await login()).statusCode).toBe(404);
  });
});
