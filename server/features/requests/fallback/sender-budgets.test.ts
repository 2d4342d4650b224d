import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import type { PublicRequestStatus, VehicleCard } from '#common/card-api';
import { requests } from '../../../db/schema';
import { startFakeExotel, type FakeExotel } from '../../../providers/telephony/testing/fake-exotel';
import { startFakeMsg91, type FakeMsg91 } from '../../../providers/sms/testing/fake-msg91';
import { createTestApp, type SignedIn, type TestApp } from '../../../testing/test-app';
import { aCard, last4, nextAddress, sendThroughCard } from '../../../testing/card-fixtures';
import { addNumberedVehicle, messageAbout, sentRequests } from '../../../testing/request-fixtures';
import { callsTo, ladderEnv, smsTo } from '../../../testing/fallback-fixtures';

const CALL_AFTER_MS = 300_000;
const HOUR_MS = 60 * 60_000;

let msg91: FakeMsg91;
let exotel: FakeExotel;
beforeAll(async () => {
  [msg91, exotel] = await Promise.all([startFakeMsg91(), startFakeExotel()]);
});
afterAll(async () => {
  msg91.close();
  await exotel.close();
});

/** Moves the clock on and takes every step due by then, as the sweep does every 5 s. */
async function after(t: TestApp, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.fallbackLadder.sweep();
}

const smsToAll = (owners: SignedIn[]) => owners.flatMap((owner) => smsTo(msg91, owner));
const callsToAll = (owners: SignedIn[]) => owners.flatMap((owner) => callsTo(exotel, owner));

async function unreadOf(t: TestApp, owner: SignedIn): Promise<ServerNotification[]> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: owner.headers,
  });
  return response.json<ServerNotification[]>();
}

/** A new owner with a vehicle, and `sender`'s message about it. */
async function messageANewOwner(t: TestApp, sender: SignedIn) {
  const owner = await t.signUp();
  const vehicle = await addNumberedVehicle(t, owner);
  const { sentRequest } = await messageAbout(t, sender, owner, vehicle._id);
  return { owner, requestId: sentRequest._id };
}

/**
 * A stranger's request through the card from `address`, recorded with the card and the address as
 * the card's routes record it.
 */
async function strangerRequest(
  t: TestApp,
  { card, vehicle }: { card: VehicleCard; vehicle: { vehicleNumber: string } },
  address: string,
) {
  const response = await sendThroughCard(
    t,
    card.code,
    { plateLast4: last4(vehicle), templateKey: 'blocking' },
    address,
  );
  expect(response.statusCode).toBe(201);
  const created = response.json<{ requestId: string; statusToken: string }>();
  return created;
}

async function fallbacksSeenBy(t: TestApp, statusToken: string): Promise<PublicRequestStatus['fallbacks']> {
  const response = await t.inject({ method: 'GET', url: `/api/public/requests/${statusToken}` });
  return response.json<PublicRequestStatus>().fallbacks;
}

describe('FALLBACK_SMS_PER_SENDER_DAY (5) and FALLBACK_CALLS_PER_SENDER_DAY (2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...ladderEnv(msg91, exotel),
        // One card reaches one owner: these limits of the receiver and the card are not the ones under test.
        FALLBACK_SMS_PER_RECEIVER_DAY: '50',
        FALLBACK_CALLS_PER_RECEIVER_DAY: '50',
        CARD_SENDS_PER_CARD_HOUR: '50',
        CARD_SENDS_PER_ADDRESS_HOUR: '50',
      },
    });
  });
  afterAll(() => t.close());

  it('one account messaging many owners gets at most 5 SMS and 2 calls a day while the requests are delivered', async () => {
    const sender = await t.signUp();
    const sent = [];
    for (let index = 0; index < 7; index += 1) sent.push(await messageANewOwner(t, sender));
    await after(t, CALL_AFTER_MS);
    const owners = sent.map(({ owner }) => owner);
    expect(smsToAll(owners)).toHaveLength(5);
    expect(callsToAll(owners)).toHaveLength(2);

    for (const { owner, requestId } of sent) {
      expect((await unreadOf(t, owner)).map((request) => request._id)).toEqual([requestId]);
    }
    const steps = (await sentRequests(t, sender)).map((request) => request.fallbacks.length);
    expect(steps.toSorted()).toEqual([0, 0, 1, 1, 1, 2, 2]);

    const later = await messageANewOwner(t, sender);
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, later.owner)).toHaveLength(0);
    expect(callsTo(exotel, later.owner)).toHaveLength(0);
    expect(
      (await sentRequests(t, sender)).find((request) => request._id === later.requestId)?.fallbacks,
    ).toEqual([]);
  });

  it('a stranger through one card, from several addresses, gets at most 5 SMS and 2 calls a day', async () => {
    const cardOfOwner = await aCard(t);
    const { owner } = cardOfOwner;
    const first = [];
    for (let index = 0; index < 7; index += 1)
      first.push(await strangerRequest(t, cardOfOwner, nextAddress()));
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(5);
    // One call an hour to one receiver for the requests of one source, so the second comes an hour on.
    expect(callsTo(exotel, owner)).toHaveLength(1);

    t.clock.advance(HOUR_MS);
    await strangerRequest(t, cardOfOwner, nextAddress());
    await after(t, CALL_AFTER_MS);
    expect(callsTo(exotel, owner)).toHaveLength(2);

    t.clock.advance(HOUR_MS);
    const last = await strangerRequest(t, cardOfOwner, nextAddress());
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(5);
    expect(callsTo(exotel, owner)).toHaveLength(2);
    expect(await fallbacksSeenBy(t, last.statusToken)).toEqual([]);
    expect(await unreadOf(t, owner)).toHaveLength(9);
  });

  it('a stranger through several cards from one address gets at most 5 SMS and 2 calls a day', async () => {
    const address = nextAddress();
    const cards = [];
    for (let index = 0; index < 7; index += 1) cards.push(await aCard(t));
    const sent = [];
    for (const card of cards) sent.push(await strangerRequest(t, card, address));
    await after(t, CALL_AFTER_MS);
    const owners = cards.map(({ owner }) => owner);
    expect(smsToAll(owners)).toHaveLength(5);
    expect(callsToAll(owners)).toHaveLength(2);
    for (const owner of owners) expect(await unreadOf(t, owner)).toHaveLength(1);
    const steps = await Promise.all(sent.map(({ statusToken }) => fallbacksSeenBy(t, statusToken)));
    expect(steps.map((fallbacks) => fallbacks.length).toSorted()).toEqual([0, 0, 1, 1, 1, 2, 2]);
  });

  it("holds back no one else's steps however many requests of a spent sender are due", async () => {
    const spammer = await t.signUp();
    for (let index = 0; index < 5; index += 1) await messageANewOwner(t, spammer);
    await after(t, CALL_AFTER_MS);
    const receiver = await t.signUp();
    await t.app.database.db.insert(requests).values(
      Array.from({ length: 150 }, () => ({
        senderId: spammer.user._id,
        receiverId: receiver.user._id,
        kind: 'notification' as const,
        title: 'Vehicle Notification',
        content: 'Please move',
        sentAt: t.clock.now(),
      })),
    );
    const genuine = await messageANewOwner(t, await t.signUp());
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, receiver)).toHaveLength(0);
    expect(smsTo(msg91, genuine.owner)).toHaveLength(1);
    expect(callsTo(exotel, genuine.owner)).toHaveLength(1);
  });

  it('counts a day: a sender whose budget was spent gets steps again once their steps are 24 hours old', async () => {
    const sender = await t.signUp();
    for (let index = 0; index < 5; index += 1) await messageANewOwner(t, sender);
    await after(t, CALL_AFTER_MS);
    t.clock.advance(24 * HOUR_MS);
    const { owner } = await messageANewOwner(t, sender);
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)).toHaveLength(1);
  });
});

describe('the fifth of the service budget kept for senders with no step that day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...ladderEnv(msg91, exotel), FALLBACK_SMS_PER_DAY: '10', FALLBACK_CALLS_PER_DAY: '10' },
    });
  });
  afterAll(() => t.close());

  /** Eight steps of each channel (four fifths of 10) taken for four senders' requests, two each. */
  async function spendFourFifths(): Promise<SignedIn> {
    const senders = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
    const sent = [];
    for (const sender of [...senders, ...senders]) sent.push(await messageANewOwner(t, sender));
    await after(t, CALL_AFTER_MS);
    const owners = sent.map(({ owner }) => owner);
    expect(smsToAll(owners)).toHaveLength(8);
    expect(callsToAll(owners)).toHaveLength(8);
    return senders[0] as SignedIn;
  }

  it('with the service budget four-fifths spent, a fresh sender still gets a step, a sender who had one does not', async () => {
    const earlier = await spendFourFifths();
    const fresh = await t.signUp();
    const refused = await messageANewOwner(t, earlier);
    const taken = await messageANewOwner(t, fresh);
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, refused.owner)).toHaveLength(0);
    expect(callsTo(exotel, refused.owner)).toHaveLength(0);
    expect(smsTo(msg91, taken.owner)).toHaveLength(1);
    expect(callsTo(exotel, taken.owner)).toHaveLength(1);
    expect((await unreadOf(t, refused.owner)).map((request) => request._id)).toEqual([refused.requestId]);
  });

  it('keeps the fifth for a stranger whose card and address had no step that day', async () => {
    t.clock.advance(24 * HOUR_MS);
    await spendFourFifths();
    const address = nextAddress();
    const first = await aCard(t);
    await strangerRequest(t, first, address);
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, first.owner)).toHaveLength(1);

    const sameAddress = await aCard(t);
    const elsewhere = await aCard(t);
    await strangerRequest(t, sameAddress, address);
    await strangerRequest(t, elsewhere, nextAddress());
    await after(t, CALL_AFTER_MS);
    expect(smsTo(msg91, sameAddress.owner)).toHaveLength(0);
    expect(smsTo(msg91, elsewhere.owner)).toHaveLength(1);
  });
});
