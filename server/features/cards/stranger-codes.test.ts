import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';
import { updateProfile } from '../../testing/user-api';
import { quietHoursNow } from '../../testing/quiet-hours';
import { aCard, nextAddress } from '../../testing/card-fixtures';

type Telephony = NonNullable<FastifyInstance['deps']['telephony']>;

const english = textsFor('en');
/** Past the resend gap between two codes for one phone (CODE_RESEND_GAP_S, 30 s). */
const RESEND_GAP_MS = 31_000;

const telephony: Telephony = { connect: async () => {} };

let strangerCounter = 0;
/** A number nobody registered, as an abuser makes them up. */
const madeUpNumber = () => `95${String((strangerCounter += 1)).padStart(8, '0')}`;

const askCode = (t: TestApp, payload: { phone: string; card?: string }) =>
  t.inject({ method: 'POST', url: '/api/public/phone/code', payload, remoteAddress: nextAddress() });

/** The card page's call form, first step, as a browser with scripts off posts it. */
const askCodeOnPage = (t: TestApp, card: string, phone: string) =>
  t.inject({
    method: 'POST',
    url: `/c/${card}/call/code`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ phone }).toString(),
    remoteAddress: nextAddress(),
  });

const login = (t: TestApp, phone: string) =>
  t.inject({ method: 'POST', url: '/api/users/login', payload: { phone } });

const verify = (t: TestApp, phone: string, otp: string) =>
  t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });

describe("strangers' codes spend budgets of their own, never sign-in's", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      deps: { telephony },
      env: { SMS_DAILY_CAP: '5', SIGNUP_CODES_PER_DAY: '3', STRANGER_CODES_PER_DAY: '6' },
    });
  });
  afterAll(() => t.close());

  it("codes to made-up numbers exhaust only STRANGER_CODES_PER_DAY: a user's login and a new user's register still get a code", async () => {
    const { card } = await aCard(t);
    const member = await t.signUp();
    const sentBefore = t.sms.sent.length;
    for (let i = 0; i < 3; i += 1) {
      expect((await askCode(t, { phone: madeUpNumber() })).statusCode).toBe(200);
      expect((await askCodeOnPage(t, card.code, madeUpNumber())).statusCode).toBe(200);
    }
    expect(t.sms.sent.length).toBe(sentBefore + 6);

    const refused = await askCode(t, { phone: madeUpNumber() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: english._('server.cards.callCodesPaused') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedOnPage = await askCodeOnPage(t, card.code, madeUpNumber());
    expect(refusedOnPage.statusCode).toBe(429);
    expect(refusedOnPage.body).toContain(english._('server.cards.callCodesPaused'));
    expect(t.sms.sent.length).toBe(sentBefore + 6);

    t.clock.advance(RESEND_GAP_MS);
    expect((await login(t, member.user.phone)).statusCode).toBe(200);
    expect((await verify(t, member.user.phone, t.sms.lastCode(member.user.phone))).statusCode).toBe(200);
    const newcomer = nextPhone();
    const registered = await t.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(newcomer),
    });
    expect(registered.statusCode).toBe(201);
    expect((await verify(t, newcomer, t.sms.lastCode(newcomer))).statusCode).toBe(200);
  });
});

describe("strangers' codes to one registered number", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { telephony } });
  });
  afterAll(() => t.close());

  it('ten of them do not lock its owner out of signing in on a new phone', async () => {
    const member = await t.signUp();
    const { phone } = member.user;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      t.clock.advance(RESEND_GAP_MS);
      statuses.push((await askCode(t, { phone })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    t.clock.advance(RESEND_GAP_MS);
    expect((await login(t, phone)).statusCode).toBe(200);
    expect((await verify(t, phone, t.sms.lastCode(phone))).statusCode).toBe(200);
  });

  it('past STRANGER_CODES_PER_PHONE_DAY get 429 with Retry-After and no SMS, until a day has passed', async () => {
    const phone = madeUpNumber();
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(RESEND_GAP_MS);
      expect((await askCode(t, { phone })).statusCode).toBe(200);
    }
    const sentBefore = t.sms.sent.length;
    t.clock.advance(RESEND_GAP_MS);
    const refused = await askCode(t, { phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: english._('server.auth.tooManyCodes') });
    const retryAfterS = Number(refused.headers['retry-after']);
    expect(retryAfterS).toBeGreaterThan(0);
    expect(t.sms.sent.length).toBe(sentBefore);
    t.clock.advance(retryAfterS * 1000);
    expect((await askCode(t, { phone })).statusCode).toBe(200);
  });

  it("neither voids its owner's sign-in code nor signs anyone in", async () => {
    const member = await t.signUp();
    const { phone } = member.user;
    t.clock.advance(RESEND_GAP_MS);
    expect((await login(t, phone)).statusCode).toBe(200);
    const signInCode = t.sms.lastCode(phone);
    expect((await askCode(t, { phone })).statusCode).toBe(200);
    const strangerCode = t.sms.lastCode(phone);
    expect((await verify(t, phone, strangerCode)).statusCode).toBe(400);
    expect((await verify(t, phone, signInCode)).statusCode).toBe(200);
  });
});

describe('a code for a call through a card is texted only when the call could go now', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { telephony }, env: { CALLS_PER_RECEIVER_HOUR: '2' } });
  });
  afterAll(() => t.close());

  /** Asks a code through the API with the card and through the card's page: both 409 with `reason`, no SMS. */
  async function expectRefused(card: string, reason: string) {
    const sentBefore = t.sms.sent.length;
    const refused = await askCode(t, { phone: madeUpNumber(), card });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: reason });
    const refusedOnPage = await askCodeOnPage(t, card, madeUpNumber());
    expect(refusedOnPage.statusCode).toBe(409);
    expect(refusedOnPage.headers['content-type']).toMatch(/^text\/html/);
    expect(refusedOnPage.body).toContain(reason);
    expect(t.sms.sent.length).toBe(sentBefore);
  }

  it('texts the code when the call could go', async () => {
    const { card } = await aCard(t);
    const phone = madeUpNumber();
    expect((await askCode(t, { phone, card: card.code })).statusCode).toBe(200);
    expect(t.sms.lastCode(phone)).toMatch(/^\d{6}$/);
  });

  it('answers 409 and sends nothing for a paused card', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const paused = await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    expect(paused.statusCode).toBe(200);
    await expectRefused(card.code, english._('server.cards.paused'));
  });

  it('answers 409 and sends nothing for an owner who takes no calls', async () => {
    const { owner, card } = await aCard(t);
    await updateProfile(t, owner, { allowCalls: false });
    await expectRefused(card.code, english._('server.calls.ownerDeclines'));
  });

  it("answers 409 and sends nothing in the owner's quiet hours", async () => {
    const { owner, card } = await aCard(t);
    await updateProfile(t, owner, { quietHours: quietHoursNow(t) });
    await expectRefused(card.code, english._('server.calls.quietHours'));
  });

  it("answers 409 and sends nothing when the owner's call window is full, and a code asked before is not spent", async () => {
    const { card } = await aCard(t);
    const early = madeUpNumber();
    expect((await askCode(t, { phone: early, card: card.code })).statusCode).toBe(200);
    const earlyCode = t.sms.lastCode(early);
    for (let i = 0; i < 2; i += 1) {
      const phone = madeUpNumber();
      expect((await askCode(t, { phone, card: card.code })).statusCode).toBe(200);
      const call = await t.inject({
        method: 'POST',
        url: `/api/public/cards/${card.code}/call`,
        payload: { phone, otp: t.sms.lastCode(phone) },
        remoteAddress: nextAddress(),
      });
      expect(call.statusCode).toBe(202);
    }
    await expectRefused(card.code, english._('server.calls.receiverLimit'));

    const late = await t.inject({
      method: 'POST',
      url: `/api/public/cards/${card.code}/call`,
      payload: { phone: early, otp: earlyCode },
      remoteAddress: nextAddress(),
    });
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: english._('server.calls.receiverLimit') });
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    const [code] = await t.app.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, early), eq(otpCodes.purpose, 'stranger')));
    expect(code).toMatchObject({ consumedAt: null, attempts: 0 });
  });

  it('answers 404 and sends nothing for a card nobody has', async () => {
    const sentBefore = t.sms.sent.length;
    const response = await askCode(t, { phone: madeUpNumber(), card: 'NOSUCHCARD' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: english._('server.cards.notFound') });
    expect(t.sms.sent.length).toBe(sentBefore);
  });
});

describe('a code for a call through a card on a server with no calls configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 409 and sends nothing', async () => {
    const { card } = await aCard(t);
    const sentBefore = t.sms.sent.length;
    const refused = await askCode(t, { phone: madeUpNumber(), card: card.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: english._('server.calls.noProvider') });
    const refusedOnPage = await askCodeOnPage(t, card.code, madeUpNumber());
    expect(refusedOnPage.statusCode).toBe(409);
    expect(refusedOnPage.body).toContain(english._('server.calls.noProvider'));
    expect(t.sms.sent.length).toBe(sentBefore);
  });
});

describe("strangers' code requests from one address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { telephony }, env: { CODE_REQUESTS_PER_ADDRESS_HOUR: '2' } });
  });
  afterAll(() => t.close());

  it("spend that address's budget of strangers' code requests, not its budget of sign-in's", async () => {
    const member = await t.signUp();
    const address = nextAddress();
    const ask = () =>
      t.inject({
        method: 'POST',
        url: '/api/public/phone/code',
        payload: { phone: madeUpNumber() },
        remoteAddress: address,
      });
    expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([
      200, 200, 429,
    ]);
    t.clock.advance(RESEND_GAP_MS);
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { phone: member.user.phone },
      remoteAddress: address,
    });
    expect(signIn.statusCode).toBe(200);
  });
});
