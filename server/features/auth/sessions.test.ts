import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endsWithin, listen, liveStreams } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

const DAY = 86_400_000;
/** The longest a live stream stays open before its client must authenticate again. */
const MAX_STREAM_LIFETIME_MS = 3_600_000;
/** Streams of an ended session must end within this long, on every instance. */
const STREAM_END_MS = 5000;

interface SessionItem {
  _id: string;
  createdAt: string;
  lastSeen: string;
  current: boolean;
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '30', SESSION_MAX_DAYS: '90' } });
  base = await listen(t.app);
});
afterAll(() => t.close());

/** Another sign-in of the same account (another device). */
async function signInAgain(who: SignedIn): Promise<SignedIn> {
  t.clock.advance(31_000);
  await t.inject({ method: 'POST', url: '/api/users/login', payload: { phone: who.user.phone } });
  const verified = await t.inject({
    method: 'POST',
    url: '/api/users/verify',
    payload: { phone: who.user.phone, otp: t.sms.lastCode(who.user.phone) },
  });
  const { token } = verified.json<{ token: string }>();
  return { user: who.user, token, headers: { authorization: `Bearer ${token}` } };
}

const validate = (who: SignedIn) =>
  t.inject({ method: 'GET', url: '/api/users/validateUser', headers: who.headers });

const openLiveStream = liveStreams();
const openStream = (who: SignedIn, at = base) => openLiveStream(who, at);

describe('GET /api/users/sessions', () => {
  it("lists the caller's sessions newest first, marking the current one, with no token or hash", async () => {
    const first = await t.signUp();
    const second = await signInAgain(first);
    const response = await t.inject({ method: 'GET', url: '/api/users/sessions', headers: first.headers });
    expect(response.statusCode).toBe(200);
    const sessions = response.json<SessionItem[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.current)).toEqual([false, true]);
    expect(Date.parse(sessions[0]!.createdAt)).toBeGreaterThan(Date.parse(sessions[1]!.createdAt));
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['_id', 'createdAt', 'current', 'lastSeen']);
    }
    expect(response.body).not.toContain(first.token);
    expect(response.body).not.toContain(second.token);
  });

  it("never lists another user's sessions", async () => {
    const mine = await t.signUp();
    await t.signUp();
    const response = await t.inject({ method: 'GET', url: '/api/users/sessions', headers: mine.headers });
    expect(response.json<SessionItem[]>()).toHaveLength(1);
  });
});

describe('POST /api/users/logoutOthers', () => {
  it("ends every other session of the caller, keeps the caller's, and leaves other users alone", async () => {
    const here = await t.signUp();
    const elsewhere = await signInAgain(here);
    const stranger = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/logoutOthers',
      payload: {},
      headers: here.headers,
    });
    expect(response.statusCode).toBe(200);
    expect((await validate(here)).statusCode).toBe(200);
    expect((await validate(elsewhere)).statusCode).toBe(401);
    expect((await validate(stranger)).statusCode).toBe(200);
  });

  it('ends the live streams of the other sessions within 5 s, not the caller’s', async () => {
    const here = await t.signUp();
    const elsewhere = await signInAgain(here);
    const mine = await openStream(here);
    const theirs = await openStream(elsewhere);
    await t.inject({ method: 'POST', url: '/api/users/logoutOthers', payload: {}, headers: here.headers });
    expect(await endsWithin(theirs, STREAM_END_MS)).toBe(true);
    expect(await endsWithin(mine, 300)).toBe(false);
  });
});

describe('live streams of an ended session', () => {
  it('end within 5 s of POST /logout', async () => {
    const user = await t.signUp();
    const stream = await openStream(user);
    await t.inject({ method: 'POST', url: '/api/users/logout', payload: {}, headers: user.headers });
    expect(await endsWithin(stream, STREAM_END_MS)).toBe(true);
  });

  it('end after an hour at most, so the client authenticates again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const user = await t.signUp();
      const stream = await openStream(user);
      vi.advanceTimersByTime(MAX_STREAM_LIFETIME_MS + 1);
      vi.useRealTimers();
      expect(await endsWithin(stream, 1000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session lifetime', () => {
  it('ends a session in use after SESSION_MAX_DAYS, however recently used', async () => {
    const user = await t.signUp();
    for (let day = 0; day < 89; day += 10) {
      t.clock.advance(10 * DAY);
      if (day + 10 < 90) expect((await validate(user)).statusCode).toBe(200);
    }
    t.clock.advance(DAY);
    expect((await validate(user)).statusCode).toBe(401);
  });

  it('still ends a session unused for SESSION_TTL_DAYS', async () => {
    const user = await t.signUp();
    t.clock.advance(31 * DAY);
    expect((await validate(user)).statusCode).toBe(401);
  });
});
