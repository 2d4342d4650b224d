import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { requests } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { updateProfile } from '../../testing/user-api';
import { quietHoursNow } from '../../testing/quiet-hours';
import { aCard, nextAddress } from '../../testing/card-fixtures';

type Telephony = NonNullable<FastifyInstance['deps']['telephony']>;

const english = textsFor('en');

/** The calls the provider was asked to place; `failing` makes it refuse. */
const placed: { caller: string; callee: string }[] = [];
let failing = false;
const telephony: Telephony = {
  async connect(call) {
    if (failing) throw new Error('the provider refused');
    placed.push(call);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { telephony } });
});
afterAll(() => t.close());
beforeEach(() => {
  placed.length = 0;
  failing = false;
});

let phoneCounter = 0;
/** A stranger's own mobile number, one per test. */
function strangerPhone(): string {
  phoneCounter += 1;
  return `97${String(phoneCounter).padStart(8, '0')}`;
}

const askCode = (phone: string, address = nextAddress()) =>
  t.inject({ method: 'POST', url: '/api/public/phone/code', payload: { phone }, remoteAddress: address });

const callThroughCard = (code: string, payload: object, address = nextAddress()) =>
  t.inject({ method: 'POST', url: `/api/public/cards/${code}/call`, payload, remoteAddress: address });

/** A stranger's phone with a fresh code sent to it. */
async function provenPhone(): Promise<{ phone: string; otp: string }> {
  const phone = strangerPhone();
  const asked = await askCode(phone);
  if (asked.statusCode !== 200) throw new Error(`phone code failed: ${asked.body}`);
  return { phone, otp: t.sms.lastCode(phone) };
}

const wrongCode = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/public/phone/code', () => {
  it('texts a one-time code to the stranger’s phone, with no account', async () => {
    const phone = strangerPhone();
    const response = await askCode(phone);
    expect(response.statusCode).toBe(200);
    expect(t.sms.lastCode(phone)).toMatch(/^\d{6}$/);
  });

  it('keeps a resend gap of its own, apart from the sign-in code’s', async () => {
    const phone = strangerPhone();
    expect((await askCode(phone)).statusCode).toBe(200);
    const again = await askCode(phone);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const user = await t.signUp();
    expect((await askCode(user.user.phone)).statusCode).toBe(200);
  });

  it('refuses a malformed phone with 400', async () => {
    expect((await askCode('12345')).statusCode).toBe(400);
  });
});

describe('POST /api/public/cards/{code}/call', () => {
  it('rings the stranger’s proven phone first, then the owner, answers 202 and tells the owner', async () => {
    const { owner, card } = await aCard(t);
    const { phone, otp } = await provenPhone();
    const response = await callThroughCard(card.code, { phone, otp });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: english._('server.calls.placed') });
    expect(placed).toEqual([{ caller: phone, callee: owner.user.phone }]);
    expect(response.body).not.toContain(owner.user.phone);
    const bell = await t.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: owner.headers,
    });
    const [call] = bell.json<ServerNotification[]>();
    expect(call).toMatchObject({ via: 'card', title: expect.stringContaining('Call about') });
  });

  it('takes a code once only', async () => {
    const { card } = await aCard(t);
    const { phone, otp } = await provenPhone();
    expect((await callThroughCard(card.code, { phone, otp })).statusCode).toBe(202);
    expect((await callThroughCard(card.code, { phone, otp })).statusCode).toBe(400);
  });

  it('survives four wrong codes and is burnt by the fifth', async () => {
    const { card } = await aCard(t);
    const first = await provenPhone();
    for (let i = 0; i < 4; i += 1) {
      const wrong = await callThroughCard(card.code, { phone: first.phone, otp: wrongCode(first.otp) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: english._('server.auth.invalidCode') });
    }
    expect((await callThroughCard(card.code, first)).statusCode).toBe(202);

    const second = await provenPhone();
    for (let i = 0; i < 5; i += 1) {
      await callThroughCard(card.code, { phone: second.phone, otp: wrongCode(second.otp) });
    }
    expect((await callThroughCard(card.code, second)).statusCode).toBe(400);
    expect(placed).toHaveLength(1);
  });

  it('refuses an expired code with 400', async () => {
    const { card } = await aCard(t);
    const proven = await provenPhone();
    t.clock.advance(5 * 60_000 + 1);
    expect((await callThroughCard(card.code, proven)).statusCode).toBe(400);
  });

  it('answers 409 while the card is paused, keeping the code', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    const proven = await provenPhone();
    const response = await callThroughCard(card.code, proven);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: english._('server.cards.paused') });
    expect(placed).toEqual([]);
  });

  it('answers 409 as masked calls do when the owner takes no calls or is in quiet hours', async () => {
    const declining = await aCard(t);
    await updateProfile(t, declining.owner, { allowCalls: false });
    const declined = await callThroughCard(declining.card.code, await provenPhone());
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toEqual({ message: english._('server.calls.ownerDeclines') });

    const sleeping = await aCard(t);
    await updateProfile(t, sleeping.owner, { quietHours: quietHoursNow(t) });
    const quiet = await callThroughCard(sleeping.card.code, await provenPhone());
    expect(quiet.statusCode).toBe(409);
    expect(quiet.json()).toEqual({ message: english._('server.calls.quietHours') });
    expect(placed).toEqual([]);
  });

  it('leaves the code unspent when the call is refused before its check', async () => {
    const { owner, card } = await aCard(t);
    await updateProfile(t, owner, { allowCalls: false });
    const proven = await provenPhone();
    expect((await callThroughCard(card.code, proven)).statusCode).toBe(409);
    await updateProfile(t, owner, { allowCalls: true });
    expect((await callThroughCard(card.code, proven)).statusCode).toBe(202);
  });

  it('answers 404 for an unknown card and 400 for a malformed body', async () => {
    const proven = await provenPhone();
    expect((await callThroughCard('AAAAAAAAAAAAAAAA', proven)).statusCode).toBe(404);
    const { card } = await aCard(t);
    expect((await callThroughCard(card.code, { phone: proven.phone })).statusCode).toBe(400);
    expect((await callThroughCard(card.code, { ...proven, otp: '12' })).statusCode).toBe(400);
  });

  it('counts the caller’s windows by the proven phone: 2 calls to one owner an hour, then 429', async () => {
    const { card } = await aCard(t);
    const phone = strangerPhone();
    const callOnce = async () => {
      await askCode(phone);
      const response = await callThroughCard(card.code, { phone, otp: t.sms.lastCode(phone) });
      t.clock.advance(2 * 60_000);
      return response;
    };
    expect((await callOnce()).statusCode).toBe(202);
    expect((await callOnce()).statusCode).toBe(202);
    const third = await callOnce();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: english._('server.calls.pairLimit') });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(placed).toHaveLength(2);
  });

  it('forgets a call the provider did not place, so it neither shows nor counts', async () => {
    const { owner, card } = await aCard(t);
    failing = true;
    const response = await callThroughCard(card.code, await provenPhone());
    expect(response.statusCode).toBe(502);
    const rows = await t.app.database.db
      .select()
      .from(requests)
      .where(eq(requests.receiverId, owner.user._id));
    expect(rows).toEqual([]);
  });
});

describe('callAvailable', () => {
  it('says whether the owner takes calls through the card at all, never whether it is quiet hours now', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const available = async () =>
      (await t.inject({ method: 'GET', url: `/api/public/cards/${card.code}` })).json<{
        callAvailable: boolean;
      }>().callAvailable;
    expect(await available()).toBe(true);
    await updateProfile(t, owner, { quietHours: quietHoursNow(t) });
    expect(await available()).toBe(true);
    await updateProfile(t, owner, { allowCalls: false });
    expect(await available()).toBe(false);
    await updateProfile(t, owner, { allowCalls: true });
    await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    expect(await available()).toBe(false);
  });
});
