import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAdultDateOfBirth } from '#common/age';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload: payload as object, headers });

async function register(phone: string, overrides: Record<string, unknown> = {}) {
  return post('/api/users/register', registration(phone, overrides));
}

describe('POST /api/users/register', () => {
  it('answers 201 and sends a code to the phone', async () => {
    const phone = nextPhone();
    const response = await register(phone);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ phone });
    expect(t.sms.lastCode(phone)).toMatch(/^\d{6}$/);
  });

  it.each([
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
    ['gender', { gender: 'Unknown' }],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }],
    ['dateOfBirth', { dateOfBirth: '12/04/1990' }],
    ['location', { location: 'Atlantis' }],
    ['city', { city: 'Kochi', location: 'Wayanad' }],
    ['country', { country: 'Nepal' }],
    ['state', { state: 'Goa' }],
    ['phone', { phone: '12345' }],
  ])('refuses a bad %s with 400 and sends no code', async (field, overrides) => {
    const sentBefore = t.sms.sent.length;
    const response = await register(nextPhone(), overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect(t.sms.sent.length).toBe(sentBefore);
  });

  it('refuses a date of birth under 18 years with 400 and sends no code', async () => {
    const sentBefore = t.sms.sent.length;
    const response = await register(nextPhone(), { dateOfBirth: '2015-06-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('dateOfBirth');
    expect(response.json().message).toContain('18');
    expect(t.sms.sent.length).toBe(sentBefore);
  });

  it('refuses a date of birth before 1900 as not a real date of birth, not as one that must be in the past', async () => {
    const response = await register(nextPhone(), { dateOfBirth: '1899-12-31' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('dateOfBirth: must be a real date of birth');
    expect(response.json().message).not.toContain('in the past');
  });

  it('accepts someone whose 18th birthday is today', async () => {
    const response = await register(nextPhone(), { dateOfBirth: latestAdultDateOfBirth(new Date()) });
    expect(response.statusCode).toBe(201);
  });

  it('records when the sign-up agreed to the privacy notice', async () => {
    const phone = nextPhone();
    await register(phone, { consent: true });
    const response = await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) });
    expect(response.json().user.consentedAt).toBe(t.clock.now().toISOString());
  });

  it.each([
    ['without consent, as SPEC clients send it', {}],
    ['with consent: false', { consent: false }],
  ])('registers %s and records no consent', async (_case, overrides) => {
    const phone = nextPhone();
    expect((await register(phone, overrides)).statusCode).toBe(201);
    const response = await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) });
    expect(response.json().user.consentedAt).toBeNull();
  });

  it('refuses a consent that is not a boolean with 400', async () => {
    const response = await register(nextPhone(), { consent: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('consent');
  });

  it.each([
    'Vahan Contact',
    'VAHAN  CONTACT',
    'Vаhаn Соntасt', // Cyrillic look-alikes
    'Kerala Police',
    'കേരള പോലീസ്',
    'MVD',
    'Motor Vehicles Department',
    'R.T.O. Kochi',
    'Adm1n',
    'Customer Support',
  ])(
    'refuses the name %j, which reads as the service or an authority, with 400 and sends no code',
    async (name) => {
      const sentBefore = t.sms.sent.length;
      const response = await register(nextPhone(), { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: expect.stringContaining('name: must not read as Vahan Contact'),
      });
      expect(t.sms.sent.length).toBe(sentBefore);
    },
  );

  it.each([
    ['a right-to-left override', 'Anil \u202eweht\u202cMa'],
    ['a zero-width space', 'Anil\u200bMathew'],
    ['a byte-order mark', 'Anil\ufeff'],
    ['a line break', 'Anil\nMathew'],
  ])('refuses a name with %s with 400 and sends no code', async (_what, name) => {
    const sentBefore = t.sms.sent.length;
    const response = await register(nextPhone(), { name });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^name: must not contain control, invisible or direction characters/,
    );
    expect(t.sms.sent.length).toBe(sentBefore);
  });

  it('takes a Malayalam name with a joiner inside a word', async () => {
    const name = 'അനി\u0d32\u0d4d\u200d മാത്യു';
    const { user } = await t.signUp({ name });
    expect(user.name).toBe(name);
  });

  it('refuses an unknown field with 400', async () => {
    const response = await register(nextPhone(), { isAdmin: true });
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 for a phone that already has an account', async () => {
    const { user } = await t.signUp();
    t.clock.advance(31_000);
    const response = await register(user.phone);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('gives a later sign-up of the same phone its own code, bound to its own details', async () => {
    const phone = nextPhone();
    await register(phone, { name: 'Squatter' });
    t.clock.advance(31_000);
    await register(phone, { name: 'Real Owner' });
    const verified = await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.name).toBe('Real Owner');
  });

  it.each([
    ['at once (429)', 0],
    ['after the resend gap (201)', 31_000],
  ])("keeps the victim's details when an attacker registers the same phone %s", async (_when, gapMs) => {
    const phone = nextPhone();
    const victim = {
      name: 'Victim',
      email: 'victim@example.in',
      dateOfBirth: '1985-01-02',
      location: 'Ernakulam',
      city: 'Kochi',
    };
    await register(phone, victim);
    const victimCode = t.sms.lastCode(phone);
    t.clock.advance(gapMs);
    await register(phone, {
      name: 'Attacker',
      email: 'attacker@example.in',
      dateOfBirth: '2000-05-05',
      location: 'Wayanad',
      city: 'Kalpetta',
    });
    const verified = await post('/api/users/verify', { phone, otp: victimCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ ...victim, phone });
  });

  it('lets a pending sign-up expire with its code', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = t.sms.lastCode(phone);
    t.clock.advance(5 * 60_000 + 1);
    expect((await post('/api/users/verify', { phone, otp: code })).statusCode).toBe(400);
    expect((await post('/api/users/login', { phone })).statusCode).toBe(404);
  });
});

describe('POST /api/users/login', () => {
  it('sends a code to a registered phone', async () => {
    const { user } = await t.signUp();
    t.clock.advance(31_000);
    const sentBefore = t.sms.sent.length;
    const response = await post('/api/users/login', { phone: user.phone });
    expect(response.statusCode).toBe(200);
    expect(t.sms.sent.length).toBe(sentBefore + 1);
  });

  it('tolerates a leading +91 or 0 and spaces', async () => {
    const { user } = await t.signUp();
    t.clock.advance(31_000);
    const response = await post('/api/users/login', {
      phone: `+91 ${user.phone.slice(0, 5)} ${user.phone.slice(5)}`,
    });
    expect(response.statusCode).toBe(200);
    t.clock.advance(31_000);
    expect((await post('/api/users/login', { phone: `0${user.phone}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown phone', async () => {
    const response = await post('/api/users/login', { phone: nextPhone() });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/sign up/i);
  });

  it('treats a registration that was never verified as unknown', async () => {
    const phone = nextPhone();
    await register(phone);
    t.clock.advance(31_000);
    expect((await post('/api/users/login', { phone })).statusCode).toBe(404);
  });

  it.each(['98765', '98765432101', 'abcdefghij', '+1 2025550123', ''])(
    'refuses %j with 400',
    async (phone) => {
      expect((await post('/api/users/login', { phone })).statusCode).toBe(400);
    },
  );

  it('refuses a number that is not an Indian mobile with 400', async () => {
    expect((await post('/api/users/login', { phone: '1234567890' })).statusCode).toBe(400);
  });
});

describe('POST /api/users/verify', () => {
  it('answers the user and a token for the right code', async () => {
    const phone = nextPhone();
    await register(phone);
    const response = await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ phone, name: 'Anu Thomas', location: 'Ernakulam', city: 'Kochi' });
    expect(body.user).toMatchObject({ country: 'India', state: 'Kerala' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong code with 400', async () => {
    const phone = nextPhone();
    await register(phone);
    const wrong = t.sms.lastCode(phone) === '000000' ? '111111' : '000000';
    const response = await post('/api/users/verify', { phone, otp: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid or expired code' });
  });

  it('accepts a code only once', async () => {
    const phone = nextPhone();
    await register(phone);
    const otp = t.sms.lastCode(phone);
    expect((await post('/api/users/verify', { phone, otp })).statusCode).toBe(200);
    expect((await post('/api/users/verify', { phone, otp })).statusCode).toBe(400);
  });

  it('refuses a code after 5 minutes', async () => {
    const phone = nextPhone();
    await register(phone);
    t.clock.advance(5 * 60_000);
    expect((await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) })).statusCode).toBe(400);
  });

  it('accepts a code just before 5 minutes', async () => {
    const phone = nextPhone();
    await register(phone);
    t.clock.advance(5 * 60_000 - 1000);
    expect((await post('/api/users/verify', { phone, otp: t.sms.lastCode(phone) })).statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries', async () => {
    const phone = nextPhone();
    await register(phone);
    const otp = t.sms.lastCode(phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/api/users/verify', { phone, otp: wrong });
    expect((await post('/api/users/verify', { phone, otp })).statusCode).toBe(400);
  });

  it('voids the earlier code when a new one is issued', async () => {
    const phone = nextPhone();
    await register(phone);
    const first = t.sms.lastCode(phone);
    t.clock.advance(31_000);
    await register(phone);
    const second = t.sms.lastCode(phone);
    if (first !== second) {
      expect((await post('/api/users/verify', { phone, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/users/verify', { phone, otp: second })).statusCode).toBe(200);
  });

  it('refuses an otp that is not 6 digits with 400', async () => {
    expect((await post('/api/users/verify', { phone: nextPhone(), otp: '12a456' })).statusCode).toBe(400);
  });
});

describe('GET /api/users/validateUser', () => {
  it('answers the signed-in user', async () => {
    const me = await t.signUp({ name: 'Rahul Nair' });
    const response = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ _id: me.user._id, name: 'Rahul Nair' });
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/validateUser' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 for an unknown token', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/validateUser',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 once the session was unused for 30 days', async () => {
    const me = await t.signUp();
    t.clock.advance(30 * 86_400_000 + 1000);
    const response = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: me.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session', async () => {
    const me = await t.signUp();
    expect((await post('/api/users/logout', {}, me.headers)).statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: me.headers });
    expect(after.statusCode).toBe(401);
  });
});
