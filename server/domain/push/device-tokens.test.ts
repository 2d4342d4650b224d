import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { deviceTokensOf } from './device-tokens';
import { anotherSession, devicesOf, fcmToken, registerDevice } from '../../testing/push-fixtures';

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '30', SESSION_MAX_DAYS: '90' } });
});

async function currentSessionId(who: SignedIn): Promise<string> {
  const response = await t.inject({ method: 'GET', url: '/api/users/sessions', headers: who.headers });
  const current = response.json<{ _id: string; current: boolean }[]>().find((session) => session.current);
  if (!current) throw new Error('no current session');
  return current._id;
}

async function sessionOfToken(token: string): Promise<string | undefined> {
  const [row] = await t.app.database.db
    .select({ sessionId: deviceTokens.sessionId })
    .from(deviceTokens)
    .where(eq(deviceTokens.token, token));
  return row?.sessionId;
}
afterAll(() => t.close());

describe('POST /api/users/fcmToken', () => {
  it('stores the device token for the caller', async () => {
    const user = await t.signUp();
    const token = fcmToken('phone');
    const response = await registerDevice(t, user, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await devicesOf(t, user)).toEqual([token]);
  });

  it('keeps every device of one user', async () => {
    const user = await t.signUp();
    const tokens = [fcmToken('phone'), fcmToken('laptop'), fcmToken('tablet')];
    for (const token of tokens) await registerDevice(t, user, token);
    expect(await devicesOf(t, user)).toEqual([...tokens].sort());
  });

  it('stores a token registered twice once', async () => {
    const user = await t.signUp();
    const token = fcmToken('phone');
    await registerDevice(t, user, token);
    const again = await registerDevice(t, user, token);
    expect(again.statusCode).toBe(200);
    expect(await devicesOf(t, user)).toEqual([token]);
  });

  it('moves a token registered again to its latest user', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    const token = fcmToken('shared-phone');
    await registerDevice(t, first, token);
    await registerDevice(t, second, token);
    expect(await devicesOf(t, first)).toEqual([]);
    expect(await devicesOf(t, second)).toEqual([token]);
  });

  it('keeps only the DEVICES_PER_USER most recently registered devices of a user', async () => {
    const user = await t.signUp();
    const tokens = Array.from({ length: t.app.config.devicesPerUser + 2 }, (_, index) =>
      fcmToken(`device${index}`),
    );
    for (const token of tokens) {
      await registerDevice(t, user, token);
      t.clock.advance(1000);
    }
    expect(await devicesOf(t, user)).toEqual(tokens.slice(2).sort());
  });

  it('answers 401 without a session', async () => {
    const response = await registerDevice(t, null, fcmToken('anonymous'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['an empty token', ''],
    ['a blank token', '   '],
    ['a token over 4096 characters', 'x'.repeat(4097)],
    ['a token with spaces inside', 'abc def'],
    ['a token that is not a string', 42],
  ])('refuses %s with 400', async (_case, token) => {
    const user = await t.signUp();
    const response = await registerDevice(t, user, token);
    expect(response.statusCode).toBe(400);
    expect(await devicesOf(t, user)).toEqual([]);
  });

  it('refuses an unknown field with 400', async () => {
    const user = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/fcmToken',
      payload: { token: fcmToken('phone'), userId: 'someone-else' },
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(await devicesOf(t, user)).toEqual([]);
  });

  it('trims the token it stores', async () => {
    const user = await t.signUp();
    const token = fcmToken('phone');
    await registerDevice(t, user, `  ${token}\n`);
    expect(await devicesOf(t, user)).toEqual([token]);
  });
});

describe('device tokens belong to the session that registered them', () => {
  it('records the session that registered the token', async () => {
    const user = await t.signUp();
    const token = fcmToken('phone');
    await registerDevice(t, user, token);
    expect(await sessionOfToken(token)).toBe(await currentSessionId(user));
  });

  it('moves a token registered again by another session of the user to that session', async () => {
    const phone = await t.signUp();
    const again = await anotherSession(t, phone);
    const token = fcmToken('phone');
    await registerDevice(t, phone, token);
    await registerDevice(t, again, token);
    expect(await sessionOfToken(token)).toBe(await currentSessionId(again));
  });

  it('forgets the tokens of a session that signs out, even when the sign-out names none', async () => {
    const phone = await t.signUp();
    const laptop = await anotherSession(t, phone);
    const [phoneToken, laptopToken] = [fcmToken('phone'), fcmToken('laptop')];
    await registerDevice(t, phone, phoneToken);
    await registerDevice(t, laptop, laptopToken);
    await t.inject({ method: 'POST', url: '/api/users/logout', payload: {}, headers: phone.headers });
    expect(await devicesOf(t, phone)).toEqual([laptopToken]);
  });

  it('forgets the tokens of the other sessions on "sign out other devices", and keeps this one’s', async () => {
    const phone = await t.signUp();
    const [stolen, laptop] = [await anotherSession(t, phone), await anotherSession(t, phone)];
    const [phoneToken, stolenToken, laptopToken] = ['phone', 'stolen', 'laptop'].map(fcmToken);
    await registerDevice(t, phone, phoneToken);
    await registerDevice(t, stolen, stolenToken);
    await registerDevice(t, laptop, laptopToken);
    await t.inject({ method: 'POST', url: '/api/users/logoutOthers', payload: {}, headers: phone.headers });
    expect(await devicesOf(t, phone)).toEqual([phoneToken]);
  });

  it('forgets the tokens of a session that expired, once it is found over', async () => {
    const user = await t.signUp();
    await registerDevice(t, user, fcmToken('phone'));
    t.clock.advance(31 * DAY);
    const refused = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: user.headers });
    expect(refused.statusCode).toBe(401);
    expect(await devicesOf(t, user)).toEqual([]);
  });

  it('lists no token of a session that is over, even before the session is removed', async () => {
    const user = await t.signUp();
    const token = fcmToken('phone');
    await registerDevice(t, user, token);
    const listed = () => deviceTokensOf(t.app.database.db, user.user._id, t.app.sessions.live());
    expect(await listed()).toEqual([token]);
    t.clock.advance(30 * DAY + 1);
    expect(await listed()).toEqual([]);
    expect(await devicesOf(t, user)).toEqual([token]);
  });
});
