import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import type { VehicleCard } from '#common/card-api';
import { requestStrangers } from '../../db/schema';
import { strangerHash } from '../../domain/strangers/identity';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { aCard, last4, nextAddress, sendThroughCard } from '../../testing/card-fixtures';

type Telephony = NonNullable<FastifyInstance['deps']['telephony']>;

const placed: { caller: string; callee: string }[] = [];
const telephony: Telephony = {
  async connect(call) {
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
});

const BLOCKED = 'The owner does not accept messages from you.';
const DAY_MS = 24 * 60 * 60_000;

/** A browser's stranger cookie, as the card page gives it. */
const aCookie = () => randomBytes(16).toString('base64url');
const withCookie = (cookie: string) => ({ cookie: `vahan_stranger=${cookie}` });

const message = (vehicle: Vehicle) => ({ plateLast4: last4(vehicle), templateKey: 'blocking' }) as const;

/** A stranger's message through `card` that was stored: its request id. */
async function sent(card: VehicleCard, vehicle: Vehicle, address: string, headers = {}): Promise<string> {
  const response = await sendThroughCard(t, card.code, message(vehicle), address, headers);
  if (response.statusCode !== 201) throw new Error(`card request failed: ${response.body}`);
  return response.json<{ requestId: string }>().requestId;
}

/** The owner's second vehicle with its own card. */
async function anotherCard(owner: SignedIn): Promise<{ vehicle: Vehicle; card: VehicleCard }> {
  const vehicle = await addVehicle(t, owner);
  const made = await t.inject({
    method: 'POST',
    url: '/api/users/vehicleCard',
    payload: { vehicleId: vehicle._id },
    headers: owner.headers,
  });
  return { vehicle, card: made.json<VehicleCard>() };
}

const blocking = (route: 'blockSender' | 'unblockSender', owner: SignedIn, notificationId: string) =>
  t.inject({
    method: 'POST',
    url: `/api/users/${route}`,
    payload: { notificationId },
    headers: owner.headers,
  });

async function strangerOf(notificationId: string) {
  const [row] = await t.app.database.db
    .select()
    .from(requestStrangers)
    .where(eq(requestStrangers.notificationId, notificationId));
  return row;
}

let phoneCounter = 0;
/** A stranger's phone with a fresh code sent to it. */
async function provenPhone(): Promise<{ phone: string; otp: string }> {
  phoneCounter += 1;
  const phone = `95${String(phoneCounter).padStart(8, '0')}`;
  await t.inject({
    method: 'POST',
    url: '/api/public/phone/code',
    payload: { phone },
    remoteAddress: nextAddress(),
  });
  return { phone, otp: t.sms.lastCode(phone) };
}

const callThroughCard = (code: string, payload: object, address = nextAddress(), headers = {}) =>
  t.inject({
    method: 'POST',
    url: `/api/public/cards/${code}/call`,
    payload,
    remoteAddress: address,
    headers,
  });

async function lastRequestOf(owner: SignedIn): Promise<ServerNotification> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: owner.headers,
  });
  const [latest] = response.json<ServerNotification[]>();
  if (!latest) throw new Error('the owner has no request');
  return latest;
}

describe('the stranger behind a card request', () => {
  it('is recorded with the card and hashes of the browser’s cookie and the address, never the values', async () => {
    const { vehicle, card } = await aCard(t);
    const cookie = aCookie();
    const address = nextAddress();
    const requestId = await sent(card, vehicle, address, withCookie(cookie));
    const stranger = await strangerOf(requestId);
    expect(stranger).toMatchObject({
      cookieHash: strangerHash('cookie', cookie),
      addressHash: strangerHash('address', address),
      phoneHash: null,
    });
    expect(stranger?.cardId).toEqual(expect.any(String));
    expect(JSON.stringify(stranger)).not.toContain(cookie);
    expect(JSON.stringify(stranger)).not.toContain(address);
  });

  it('of a call is recorded with the proven phone’s hash', async () => {
    const { owner, card } = await aCard(t);
    const proven = await provenPhone();
    expect((await callThroughCard(card.code, proven)).statusCode).toBe(202);
    const stranger = await strangerOf((await lastRequestOf(owner))._id);
    expect(stranger?.phoneHash).toBe(strangerHash('phone', proven.phone));
    expect(stranger?.cookieHash).toBeNull();
  });
});

describe('blocking a card’s stranger (blockSender on a card request)', () => {
  it('answers 200, and that browser’s next message to any card of the owner answers 403, in Malayalam too', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const other = await anotherCard(owner);
    const cookie = aCookie();
    const requestId = await sent(card, vehicle, nextAddress(), withCookie(cookie));
    const blocked = await blocking('blockSender', owner, requestId);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: expect.any(String) });

    const again = await sendThroughCard(t, card.code, message(vehicle), nextAddress(), withCookie(cookie));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: BLOCKED });
    const elsewhere = await sendThroughCard(
      t,
      other.card.code,
      { ...message(other.vehicle), language: 'ml' },
      nextAddress(),
      withCookie(cookie),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: 'ഉടമ നിങ്ങളിൽ നിന്നുള്ള സന്ദേശങ്ങൾ സ്വീകരിക്കുന്നില്ല.' });
    // Another browser reaches the owner as before.
    expect((await sendThroughCard(t, card.code, message(vehicle), nextAddress())).statusCode).toBe(201);
  });

  it('blocks a stranger who came with no cookie by the address, and only cookieless tries from it', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const address = nextAddress();
    const requestId = await sent(card, vehicle, address);
    expect((await blocking('blockSender', owner, requestId)).statusCode).toBe(200);
    const again = await sendThroughCard(t, card.code, message(vehicle), address);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: BLOCKED });
    // A browser of its own behind the same address (one network, many people) is not that stranger.
    expect(
      (await sendThroughCard(t, card.code, message(vehicle), address, withCookie(aCookie()))).statusCode,
    ).toBe(201);
    expect((await sendThroughCard(t, card.code, message(vehicle), nextAddress())).statusCode).toBe(201);
  });

  it('blocks a caller’s proven phone and cookie: another call from that phone, or a message from that browser, answers 403', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const cookie = aCookie();
    const proven = await provenPhone();
    expect((await callThroughCard(card.code, proven, nextAddress(), withCookie(cookie))).statusCode).toBe(
      202,
    );
    expect((await blocking('blockSender', owner, (await lastRequestOf(owner))._id)).statusCode).toBe(200);

    const again = await provenPhone();
    const fromPhone = await callThroughCard(
      card.code,
      { phone: proven.phone, otp: await nextCode(proven.phone) },
      nextAddress(),
      withCookie(aCookie()),
    );
    expect(fromPhone.statusCode).toBe(403);
    expect(fromPhone.json()).toEqual({ message: BLOCKED });
    const fromBrowser = await callThroughCard(card.code, again, nextAddress(), withCookie(cookie));
    expect(fromBrowser.statusCode).toBe(403);
    const messageFromBrowser = await sendThroughCard(
      t,
      card.code,
      message(vehicle),
      nextAddress(),
      withCookie(cookie),
    );
    expect(messageFromBrowser.statusCode).toBe(403);
    expect(placed).toHaveLength(1);
  });

  it('refuses a blocked stranger on the card page: the form page with status 403 and the reason', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const cookie = aCookie();
    const requestId = await sent(card, vehicle, nextAddress(), withCookie(cookie));
    await blocking('blockSender', owner, requestId);
    const form = (query: string) =>
      t.inject({
        method: 'POST',
        url: `/c/${card.code}${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...withCookie(cookie) },
        payload: new URLSearchParams(message(vehicle)).toString(),
        remoteAddress: nextAddress(),
      });
    const english = await form('?lang=en');
    expect(english.statusCode).toBe(403);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.body).toContain(BLOCKED);
    expect(english.body).toContain('name="plateLast4"');
    const malayalam = await form('?lang=ml');
    expect(malayalam.statusCode).toBe(403);
    expect(malayalam.body).toContain('ഉടമ നിങ്ങളിൽ നിന്നുള്ള സന്ദേശങ്ങൾ സ്വീകരിക്കുന്നില്ല.');
  });

  it('lasts STRANGER_BLOCK_DAYS (30) days', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const cookie = aCookie();
    await blocking('blockSender', owner, await sent(card, vehicle, nextAddress(), withCookie(cookie)));
    t.clock.advance(30 * DAY_MS - 60_000);
    expect(
      (await sendThroughCard(t, card.code, message(vehicle), nextAddress(), withCookie(cookie))).statusCode,
    ).toBe(403);
    t.clock.advance(60_000);
    expect(
      (await sendThroughCard(t, card.code, message(vehicle), nextAddress(), withCookie(cookie))).statusCode,
    ).toBe(201);
  });

  it('is lifted by unblockSender', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const cookie = aCookie();
    const requestId = await sent(card, vehicle, nextAddress(), withCookie(cookie));
    await blocking('blockSender', owner, requestId);
    const unblocked = await blocking('unblockSender', owner, requestId);
    expect(unblocked.statusCode).toBe(200);
    expect(
      (await sendThroughCard(t, card.code, message(vehicle), nextAddress(), withCookie(cookie))).statusCode,
    ).toBe(201);
  });

  it('does not keep the stranger from another owner’s cards', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const someoneElse = await aCard(t);
    const cookie = aCookie();
    await blocking('blockSender', owner, await sent(card, vehicle, nextAddress(), withCookie(cookie)));
    const elsewhere = await sendThroughCard(
      t,
      someoneElse.card.code,
      message(someoneElse.vehicle),
      nextAddress(),
      withCookie(cookie),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers 404 for another owner’s card request', async () => {
    const { vehicle, card } = await aCard(t);
    const requestId = await sent(card, vehicle, nextAddress());
    const stranger = await t.signUp();
    expect((await blocking('blockSender', stranger, requestId)).statusCode).toBe(404);
  });
});

/** A fresh code for `phone` once its resend gap is over. */
async function nextCode(phone: string): Promise<string> {
  t.clock.advance(60_000);
  await t.inject({
    method: 'POST',
    url: '/api/public/phone/code',
    payload: { phone },
    remoteAddress: nextAddress(),
  });
  return t.sms.lastCode(phone);
}
