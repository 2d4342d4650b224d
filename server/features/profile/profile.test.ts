import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/api';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patchProfile = (payload: object, headers: Record<string, string>) =>
  t.inject({ method: 'PATCH', url: '/api/users/updateProfile', payload, headers });

async function storedUser(user: SignedIn): Promise<User> {
  const response = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: user.headers });
  return response.json<{ user: User }>().user;
}

describe('PATCH /api/users/updateProfile', () => {
  it('hides the phone and answers the updated user', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ phoneVisible: false }, signedIn.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { ...signedIn.user, phoneVisible: false } });
  });

  it('keeps the change for the next session check', async () => {
    const signedIn = await t.signUp();
    await patchProfile({ phoneVisible: false }, signedIn.headers);
    expect((await storedUser(signedIn)).phoneVisible).toBe(false);
  });

  it('makes a hidden phone visible again', async () => {
    const signedIn = await t.signUp();
    await patchProfile({ phoneVisible: false }, signedIn.headers);
    const response = await patchProfile({ phoneVisible: true }, signedIn.headers);
    expect(response.json().user.phoneVisible).toBe(true);
  });

  it('refuses another field beside phoneVisible with 400 and applies nothing', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ phoneVisible: false, phone: '9876543210' }, signedIn.headers);
    expect(response.statusCode).toBe(400);
    expect(await storedUser(signedIn)).toEqual(signedIn.user);
  });

  it('refuses a phoneVisible that is not a boolean with 400', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ phoneVisible: 'false' }, signedIn.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('phoneVisible');
  });

  it('refuses a body without phoneVisible with 400', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile({}, signedIn.headers);
    expect(response.statusCode).toBe(400);
  });

  it('changes no one else’s profile, whatever the body names', async () => {
    const caller = await t.signUp();
    const target = await t.signUp();
    const response = await patchProfile({ phoneVisible: false, userId: target.user._id }, caller.headers);
    expect(response.statusCode).toBe(400);
    expect(await storedUser(target)).toEqual(target.user);
  });

  it('changes only the caller’s profile', async () => {
    const caller = await t.signUp();
    const bystander = await t.signUp();
    await patchProfile({ phoneVisible: false }, caller.headers);
    expect(await storedUser(bystander)).toEqual(bystander.user);
  });

  it('answers 401 without a token', async () => {
    const response = await patchProfile({ phoneVisible: false }, {});
    expect(response.statusCode).toBe(401);
  });

  it('changes the name and e-mail, trimmed as at registration', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile(
      { name: '  Anu Mathew ', email: ' anu.m@example.in ' },
      signedIn.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({ ...signedIn.user, name: 'Anu Mathew', email: 'anu.m@example.in' });
    expect(await storedUser(signedIn)).toMatchObject({ name: 'Anu Mathew', email: 'anu.m@example.in' });
  });

  it.each([
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
  ])('refuses a bad %s with 400, as registration does, and applies nothing', async (field, body) => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ ...body, phoneVisible: true }, signedIn.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await storedUser(signedIn)).toEqual(signedIn.user);
  });

  it('a new account takes masked calls and has no quiet hours', async () => {
    const signedIn = await t.signUp();
    expect(signedIn.user).toMatchObject({ allowCalls: true, quietHours: null });
  });

  it('turns masked calls off and keeps the change', async () => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ allowCalls: false }, signedIn.headers);
    expect(response.json()).toEqual({ user: { ...signedIn.user, allowCalls: false } });
    expect((await storedUser(signedIn)).allowCalls).toBe(false);
  });

  it('sets quiet hours in IST and keeps them for the next session check', async () => {
    const signedIn = await t.signUp();
    const quietHours = { start: '22:00', end: '07:00' };
    const response = await patchProfile({ quietHours }, signedIn.headers);
    expect(response.json().user.quietHours).toEqual(quietHours);
    expect((await storedUser(signedIn)).quietHours).toEqual(quietHours);
  });

  it('turns quiet hours off with null', async () => {
    const signedIn = await t.signUp();
    await patchProfile({ quietHours: { start: '22:00', end: '07:00' } }, signedIn.headers);
    const response = await patchProfile({ quietHours: null }, signedIn.headers);
    expect(response.json().user.quietHours).toBeNull();
  });

  it('changes only the fields it is given', async () => {
    const signedIn = await t.signUp();
    await patchProfile({ quietHours: { start: '13:00', end: '14:00' }, allowCalls: false }, signedIn.headers);
    const response = await patchProfile({ phoneVisible: false }, signedIn.headers);
    expect(response.json().user).toMatchObject({
      phoneVisible: false,
      allowCalls: false,
      quietHours: { start: '13:00', end: '14:00' },
    });
  });

  it.each([
    ['a time that is not HH:MM', { quietHours: { start: '7:00', end: '22:00' } }, 'quietHours.start'],
    ['an hour past 23', { quietHours: { start: '22:00', end: '24:00' } }, 'quietHours.end'],
    ['a missing end', { quietHours: { start: '22:00' } }, 'quietHours.end'],
    ['a start equal to the end', { quietHours: { start: '22:00', end: '22:00' } }, 'quietHours'],
    ['allowCalls that is not a boolean', { allowCalls: 'no' }, 'allowCalls'],
  ])('refuses %s with 400 naming the field, and applies nothing', async (_what, payload, field) => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ ...payload, phoneVisible: false }, signedIn.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(await storedUser(signedIn)).toEqual(signedIn.user);
  });
  it('a new account shows its name and shares read receipts', async () => {
    const signedIn = await t.signUp();
    expect(signedIn.user).toMatchObject({ nameVisible: true, shareReadReceipts: true });
  });

  it.each([['nameVisible'], ['shareReadReceipts']])('turns %s off and keeps the change', async (field) => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ [field]: false }, signedIn.headers);
    expect(response.json()).toEqual({ user: { ...signedIn.user, [field]: false } });
    expect((await storedUser(signedIn))[field as keyof User]).toBe(false);
  });

  it('changes the name, trimmed', async () => {
    const signedIn = await t.signUp({ name: 'Anil' });
    const response = await patchProfile({ name: '  Anil Mathew ' }, signedIn.headers);
    expect(response.json().user.name).toBe('Anil Mathew');
    expect((await storedUser(signedIn)).name).toBe('Anil Mathew');
  });

  it.each([
    ['reads as the service', 'Vahan Contact', 'name: must not read as Vahan Contact'],
    ['reads as the police in Malayalam', 'കേരള പോലീസ്', 'name: must not read as Vahan Contact'],
    ['reads as an admin in look-alikes', 'Αdmιn', 'name: must not read as Vahan Contact'],
    ['hides a bidi isolate', 'Anil \u2066Mathew\u2069', 'name: must not contain control'],
    ['is empty', '   ', 'name:'],
  ])('refuses a name that %s with 400 and changes nothing', async (_what, name, message) => {
    const signedIn = await t.signUp();
    const response = await patchProfile({ name, nameVisible: false }, signedIn.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining(message) });
    expect(await storedUser(signedIn)).toEqual(signedIn.user);
  });
});

describe('POST /api/users/consent', () => {
  const consent = (headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: '/api/users/consent', payload: {}, headers });

  it('records the agreement of an account that had none', async () => {
    const signedIn = await t.signUp();
    expect(signedIn.user.consentedAt).toBeNull();
    const response = await consent(signedIn.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.consentedAt).toBe(t.clock.now().toISOString());
    expect((await storedUser(signedIn)).consentedAt).toBe(t.clock.now().toISOString());
  });

  it('keeps the time of an earlier agreement', async () => {
    const signedIn = await t.signUp({ consent: true });
    const first = signedIn.user.consentedAt;
    t.clock.advance(60_000);
    const response = await consent(signedIn.headers);
    expect(response.json().user.consentedAt).toBe(first);
  });

  it('refuses a body naming anything with 400', async () => {
    const signedIn = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/consent',
      payload: { consentedAt: '2020-01-01T00:00:00Z' },
      headers: signedIn.headers,
    });
    expect(response.statusCode).toBe(400);
    expect((await storedUser(signedIn)).consentedAt).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await consent({})).statusCode).toBe(401);
  });
});
