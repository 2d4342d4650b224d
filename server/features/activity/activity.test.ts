import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '#common/api';
import type { CreatedSlips } from '#common/slips-api';
import { aCard, last4, sendThroughCard, sentThroughCard } from '../../testing/card-fixtures';
import { reply } from '../../testing/request-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the month these tests move the clock by.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365', SESSION_MAX_DAYS: '3650' } });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

async function activityOf(who: SignedIn): Promise<ActivityItem[]> {
  const response = await t.inject({ method: 'GET', url: '/api/users/activity', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityItem[]>();
}

const post = (who: SignedIn, url: string, payload: object) =>
  t.inject({ method: 'POST', url, headers: who.headers, payload });

describe('GET /api/users/activity', () => {
  it("lists a card made, a stranger's request through it with the owner's answer, and its replacement, newest first", async () => {
    const { owner, vehicle, card } = await aCard(t);
    const madeAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const sent = await sentThroughCard(t, card.code, { plateLast4: last4(vehicle), templateKey: 'blocking' });
    const sentAt = t.clock.now().toISOString();
    await reply(t, owner, { notificationId: sent.requestId, kind: 'coming_now' });
    t.clock.advance(60_000);
    expect((await post(owner, '/api/users/rotateVehicleCard', { vehicleId: vehicle._id })).statusCode).toBe(
      200,
    );
    const replacedAt = t.clock.now().toISOString();

    const plate = vehicle.vehicleNumber.toUpperCase();
    expect(await activityOf(owner)).toEqual([
      expect.objectContaining({ kind: 'cardReplaced', at: replacedAt, vehicleNumber: plate }),
      {
        _id: `cardRequest-${sent.requestId}`,
        kind: 'cardRequest',
        at: sentAt,
        vehicleNumber: plate,
        requestId: sent.requestId,
        requestKind: 'message',
        reply: 'coming_now',
      },
      expect.objectContaining({ kind: 'cardMade', at: madeAt, vehicleNumber: plate }),
    ]);
  });

  it('says a card was turned off', async () => {
    const { owner, vehicle } = await aCard(t);
    t.clock.advance(1000);
    const ended = await t.inject({
      method: 'DELETE',
      url: `/api/users/vehicleCard?vehicleId=${vehicle._id}`,
      headers: owner.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect((await activityOf(owner)).map((item) => [item.kind, item.at])).toEqual([
      ['cardTurnedOff', t.clock.now().toISOString()],
      ['cardMade', new Date(t.clock.now().getTime() - 1000).toISOString()],
    ]);
  });

  it('lists slips printed (one item for the printing), the note attached, and the driver’s answer', async () => {
    const owner = await t.signUp();
    const made = await post(owner, '/api/users/slips', { count: 3 });
    expect(made.statusCode).toBe(201);
    const [slip] = made.json<CreatedSlips>().slips;
    const printedAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    const attached = await post(owner, `/api/users/slips/${slip?.code ?? ''}/attach`, {
      vehicleNumber: 'KL07SL0042',
      templateKey: 'blocking',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const attachedAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    const answered = await t.inject({
      method: 'POST',
      url: `/api/public/slips/${slip?.code ?? ''}/reply`,
      payload: { kind: 'five_minutes' },
    });
    expect(answered.statusCode).toBe(201);
    const slipId = attached.json<{ _id: string }>()._id;

    expect(await activityOf(owner)).toEqual([
      {
        _id: `slipAnswered-${slipId}`,
        kind: 'slipAnswered',
        at: t.clock.now().toISOString(),
        vehicleNumber: 'KL07SL0042',
        requestId: slipId,
        reply: 'five_minutes',
      },
      {
        _id: `slipAttached-${slipId}`,
        kind: 'slipAttached',
        at: attachedAt,
        vehicleNumber: 'KL07SL0042',
        requestId: slipId,
        text: 'Your vehicle KL07SL0042 is blocking the driveway. Please move it.',
      },
      {
        _id: `slipsPrinted-${printedAt}`,
        kind: 'slipsPrinted',
        at: printedAt,
        vehicleNumber: null,
        count: 3,
      },
    ]);
  });

  it("never carries the stranger's address, cookie, phone or anything of another user's", async () => {
    const { owner, vehicle, card } = await aCard(t);
    const address = '10.99.1.7';
    const sent = await sendThroughCard(
      t,
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'blocking' },
      address,
      { cookie: 'vahan_stranger=cookie-of-the-stranger' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const other = await t.signUp();
    await post(other, '/api/users/slips', { count: 1 });
    const body = JSON.stringify(await activityOf(owner));
    expect(body).not.toContain(address);
    expect(body).not.toContain('cookie-of-the-stranger');
    expect(body).not.toContain(other.user.phone);
    expect(body).not.toContain(owner.user.phone);
    expect((await activityOf(other)).map((item) => item.kind)).toEqual(['slipsPrinted']);
  });

  it('forgets what is older than 30 days', async () => {
    const { owner } = await aCard(t);
    t.clock.advance(30 * DAY_MS + 1000);
    expect(await activityOf(owner)).toEqual([]);
  });
});
