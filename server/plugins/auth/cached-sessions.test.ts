/**
 * Sessions are served from each server's memory, yet a session ended or a user changed anywhere stops
 * being served everywhere within a second; and while a server cannot hear those changes, it reads the
 * database on every request.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/api';
import { sessions, users } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp, twoInstances } from '../../testing/test-app';
import { LISTENER_APPLICATION_NAME } from '../../db/pg-listener';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const WITHIN_A_SECOND = { timeout: 1000, interval: 20 };

const validate = (on: TestApp, who: SignedIn) =>
  on.inject({ method: 'GET', url: '/api/users/validateUser', headers: who.headers });

describe('sessions served from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a token at once after its sign-out on the same server', async () => {
    const user = await t.signUp();
    expect((await validate(t, user)).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/api/users/logout', payload: {}, headers: user.headers });
    expect((await validate(t, user)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after signing them out on the same server', async () => {
    const phone = await t.signUp();
    const token = await t.app.sessions.create(phone.user._id);
    const laptop = { ...phone, token, headers: { authorization: `Bearer ${token}` } };
    expect((await validate(t, laptop)).statusCode).toBe(200);
    await t.inject({
      method: 'POST',
      url: '/api/users/logoutOthers',
      payload: {},
      headers: phone.headers,
    });
    expect([(await validate(t, laptop)).statusCode, (await validate(t, phone)).statusCode]).toEqual([
      401, 200,
    ]);
  });

  it('serves a profile change on the next request', async () => {
    const user = await t.signUp();
    await validate(t, user);
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { allowCalls: false },
      headers: user.headers,
    });
    expect((await validate(t, user)).json<{ user: User }>().user.allowCalls).toBe(false);
  });

  it('serves within a second a user changed in the database by someone else', async () => {
    const user = await t.signUp();
    await validate(t, user);
    await t.app.database.db.update(users).set({ emailVisible: true }).where(eq(users.id, user.user._id));
    await vi.waitFor(
      async () => expect((await validate(t, user)).json<{ user: User }>().user.emailVisible).toBe(true),
      WITHIN_A_SECOND,
    );
  });

  it('refuses within a second the session of a user deleted in the database by someone else', async () => {
    const user = await t.signUp();
    await validate(t, user);
    await t.app.database.db.delete(users).where(eq(users.id, user.user._id));
    await vi.waitFor(async () => expect((await validate(t, user)).statusCode).toBe(401), WITHIN_A_SECOND);
  });
});

const suite = onPostgres
  ? 'sessions served from memory by two servers on one PostgreSQL'
  : 'sessions served from memory by two servers on one PostgreSQL (skipped: needs api-postgres, an in-memory PGlite cannot be shared)';

describe.runIf(onPostgres)(suite, () => {
  const apps = twoInstances();

  it('refuses within a second on one server a session signed out through the other', async () => {
    const user = await apps.first.signUp();
    expect((await validate(apps.first, user)).statusCode).toBe(200);
    await apps.second.inject({
      method: 'POST',
      url: '/api/users/logout',
      payload: {},
      headers: user.headers,
    });
    await vi.waitFor(
      async () => expect((await validate(apps.first, user)).statusCode).toBe(401),
      WITHIN_A_SECOND,
    );
  });

  it('serves within a second on one server a profile changed through the other', async () => {
    const user = await apps.first.signUp();
    await validate(apps.first, user);
    await apps.second.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { phoneVisible: true },
      headers: user.headers,
    });
    await vi.waitFor(
      async () =>
        expect((await validate(apps.first, user)).json<{ user: User }>().user.phoneVisible).toBe(true),
      WITHIN_A_SECOND,
    );
  });

  it('stops serving from memory when it loses the connection it hears changes on', async () => {
    const user = await apps.first.signUp();
    await validate(apps.first, user);
    // Deleted with triggers off, so no server hears it: only a server that reads the database refuses it.
    await apps.first.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, user.user._id));
    });
    expect((await validate(apps.first, user)).statusCode).toBe(200);
    await apps.first.app.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await vi.waitFor(
      async () => expect((await validate(apps.first, user)).statusCode).toBe(401),
      WITHIN_A_SECOND,
    );
  });
});
