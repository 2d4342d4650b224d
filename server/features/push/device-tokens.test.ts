import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MAX_DEVICES_PER_USER } from './device-tokens';
import { devicesOf, fcmToken, registerDevice } from '../../testing/push-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
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

  it(`keeps only the ${MAX_DEVICES_PER_USER} most recently registered devices of a user`, async () => {
    const user = await t.signUp();
    const tokens = Array.from({ length: MAX_DEVICES_PER_USER + 2 }, (_, index) => fcmToken(`device${index}`));
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
