import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { TEMPLATE_KEYS } from '#common/message-templates';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { aCard, last4, nextAddress, sendThroughCard, sentThroughCard } from '../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getCard = (code: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/public/cards/${code}`, headers });

async function unread(who: SignedIn): Promise<ServerNotification[]> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: who.headers,
  });
  return response.json<ServerNotification[]>();
}

describe('GET /api/public/cards/{code}', () => {
  it('shows only the vehicle type, the state and office codes of the plate, and whether it takes calls and messages', async () => {
    const { vehicle, card } = await aCard(t);
    const response = await getCard(card.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      vehicleType: 'Four',
      maskedNumber: `${vehicle.vehicleNumber.slice(0, 2).toUpperCase()} ${vehicle.vehicleNumber.slice(2, 4)} ** ****`,
      callAvailable: false,
      paused: false,
    });
  });

  it('answers the same 404 for an unknown, a rotated and a turned-off card', async () => {
    const rotated = await aCard(t);
    await t.inject({
      method: 'POST',
      url: '/api/users/rotateVehicleCard',
      payload: { vehicleId: rotated.vehicle._id },
      headers: rotated.owner.headers,
    });
    const off = await aCard(t);
    await t.inject({
      method: 'DELETE',
      url: `/api/users/vehicleCard?vehicleId=${off.vehicle._id}`,
      headers: off.owner.headers,
    });
    const answers = await Promise.all(
      ['AAAAAAAAAAAAAAAA', rotated.card.code, off.card.code].map(async (code) => {
        const response = await getCard(code);
        return { status: response.statusCode, body: response.body };
      }),
    );
    expect(answers[0]?.status).toBe(404);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });
});

describe('POST /api/public/cards/{code}/requests', () => {
  it('stores a suggested text for the owner, who gets it from “Someone at your vehicle”, via the card', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await sendThroughCard(t, card.code, {
      plateLast4: last4(vehicle),
      templateKey: 'blocking',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ requestId: string; statusToken: string }>();
    expect(Object.keys(created).sort()).toEqual(['requestId', 'statusToken']);
    const [received] = await unread(owner);
    expect(received).toMatchObject({
      _id: created.requestId,
      senderId: { name: 'Someone at your vehicle' },
      title: `Message about ${vehicle.vehicleNumber.toUpperCase()}`,
      via: 'card',
      system: false,
    });
    expect(received?.senderId).not.toHaveProperty('phone');
    expect(received?.content).toContain(vehicle.vehicleNumber.toUpperCase());
  });

  it('names the owner’s own vehicle in a card request, so the bell can pause or replace its card', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await sendThroughCard(t, card.code, { plateLast4: last4(vehicle), templateKey: 'blocking' });
    const [received] = await unread(owner);
    expect(received?.vehicleId).toBe(vehicle._id);
    const paused = await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: received?.vehicleId },
      headers: owner.headers,
    });
    expect(paused.statusCode).toBe(200);
  });

  it('writes the sender and the suggestion in a Malayalam owner’s language', async () => {
    const { owner, vehicle, card } = await aCard(t, { language: 'ml' });
    await sentThroughCard(t, card.code, { plateLast4: last4(vehicle), templateKey: 'moveSoon' });
    const [received] = await unread(owner);
    expect(received?.senderId.name).toBe('നിങ്ങളുടെ വാഹനത്തിനടുത്തുള്ള ഒരാൾ');
    expect(received?.via).toBe('card');
  });

  it('takes a short text of the stranger’s own', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await sentThroughCard(t, card.code, {
      plateLast4: last4(vehicle),
      text: '  Please move, I am at the gate  ',
    });
    expect((await unread(owner))[0]?.content).toBe('Please move, I am at the gate');
  });

  it('takes each of the five suggestions by key', async () => {
    const { owner, vehicle, card } = await aCard(t);
    for (const templateKey of TEMPLATE_KEYS) {
      await sentThroughCard(t, card.code, { plateLast4: last4(vehicle), templateKey });
    }
    expect(await unread(owner)).toHaveLength(TEMPLATE_KEYS.length);
  });

  it('refuses wrong plate digits with 400 and stores nothing', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const wrong = String((Number(last4(vehicle)) + 1) % 10_000).padStart(4, '0');
    const response = await sendThroughCard(t, card.code, { plateLast4: wrong, templateKey: 'blocking' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      "Those are not the last four digits of this vehicle's number.",
    );
    expect(await unread(owner)).toEqual([]);
  });

  it('refuses a text with contact details, a bad key, both or neither with 400', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const plateLast4 = last4(vehicle);
    for (const payload of [
      { plateLast4, text: 'Call me on 9876543210' },
      { plateLast4, text: 'see https://example.com' },
      { plateLast4, templateKey: 'shout' },
      { plateLast4, templateKey: 'blocking', text: 'Please move' },
      { plateLast4 },
      { plateLast4: '12', templateKey: 'blocking' },
      { plateLast4, templateKey: 'blocking', extra: true },
    ]) {
      const response = await sendThroughCard(t, card.code, payload as never);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
    expect(await unread(owner)).toEqual([]);
  });

  it('answers 404 for a dead card', async () => {
    const response = await sendThroughCard(t, 'AAAAAAAAAAAAAAAA', {
      plateLast4: '1234',
      templateKey: 'blocking',
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses with 409 while the card is paused, and takes messages again after 24 hours', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    const paused = await sendThroughCard(t, card.code, {
      plateLast4: last4(vehicle),
      templateKey: 'blocking',
    });
    expect(paused.statusCode).toBe(409);
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(24 * 60 * 60_000);
    await sentThroughCard(t, card.code, { plateLast4: last4(vehicle), templateKey: 'blocking' });
    expect(await unread(owner)).toHaveLength(1);
  });

  it('answers in the page’s language when it names one', async () => {
    const { vehicle, card } = await aCard(t);
    const response = await sendThroughCard(
      t,
      card.code,
      { plateLast4: '0000' === last4(vehicle) ? '0001' : '0000', templateKey: 'blocking', language: 'ml' },
      nextAddress(),
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('ഇത് ഈ വാഹനത്തിന്റെ നമ്പറിലെ അവസാന നാല് അക്കങ്ങളല്ല.');
  });
});

describe('the limits of sending through cards', () => {
  const expectRefused = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };
  const wrongDigits = (vehicle: { vehicleNumber: string }) => (last4(vehicle) === '0000' ? '0001' : '0000');

  it('allows 3 sends from one address at one card in 10 minutes, and another address still reaches it', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const address = nextAddress();
    const payload = { plateLast4: last4(vehicle), templateKey: 'blocking' } as const;
    for (let i = 0; i < 3; i++) {
      expect((await sendThroughCard(t, card.code, payload, address)).statusCode).toBe(201);
    }
    expectRefused(await sendThroughCard(t, card.code, payload, address));
    expect((await sendThroughCard(t, card.code, payload)).statusCode).toBe(201);
    expect(await unread(owner)).toHaveLength(4);
  });

  it('six wrong guesses from two addresses do not silence the card for a right guess', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const wrong = { plateLast4: wrongDigits(vehicle), templateKey: 'blocking' } as const;
    for (const address of [nextAddress(), nextAddress()]) {
      for (let i = 0; i < 3; i++) {
        expect((await sendThroughCard(t, card.code, wrong, address)).statusCode).toBe(400);
      }
    }
    const right = { plateLast4: last4(vehicle), templateKey: 'blocking' } as const;
    expect((await sendThroughCard(t, card.code, right)).statusCode).toBe(201);
    expect(await unread(owner)).toHaveLength(1);
  });

  it('does not silence a right guess from an address whose wrong guesses are spent (one network, many people)', async () => {
    const { vehicle, card } = await aCard(t);
    const address = nextAddress();
    const wrong = { plateLast4: wrongDigits(vehicle), templateKey: 'blocking' } as const;
    for (let i = 0; i < 3; i++) await sendThroughCard(t, card.code, wrong, address);
    expectRefused(await sendThroughCard(t, card.code, wrong, address));
    const right = { plateLast4: last4(vehicle), templateKey: 'blocking' } as const;
    expect((await sendThroughCard(t, card.code, right, address)).statusCode).toBe(201);
  });

  it('refuses wrong digits with 429 once CARD_WRONG_PLATES_PER_HOUR (10) are spent at the card, and right digits still go through', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const wrong = { plateLast4: wrongDigits(vehicle), templateKey: 'blocking' } as const;
    for (let i = 0; i < 10; i++) expect((await sendThroughCard(t, card.code, wrong)).statusCode).toBe(400);
    const refused = await sendThroughCard(t, card.code, wrong);
    expectRefused(refused);
    expect(refused.json<{ message: string }>().message).toBe(
      'Too many wrong numbers were tried at this card. Please try again later.',
    );
    const right = { plateLast4: last4(vehicle), templateKey: 'blocking' } as const;
    expect((await sendThroughCard(t, card.code, right)).statusCode).toBe(201);
    expect(await unread(owner)).toHaveLength(1);
  });

  it('counts only sends whose plate check passed in CARD_SENDS_PER_CARD_HOUR (6)', async () => {
    const { vehicle, card } = await aCard(t);
    const wrong = { plateLast4: wrongDigits(vehicle), templateKey: 'attention' } as const;
    for (let i = 0; i < 5; i++) expect((await sendThroughCard(t, card.code, wrong)).statusCode).toBe(400);
    const right = { plateLast4: last4(vehicle), templateKey: 'attention' } as const;
    for (let i = 0; i < 6; i++) expect((await sendThroughCard(t, card.code, right)).statusCode).toBe(201);
    const refused = await sendThroughCard(t, card.code, right);
    expectRefused(refused);
    expect(refused.json<{ message: string }>().message).toContain('many messages through this card');
  });

  it('allows CARD_SENDS_PER_ADDRESS_HOUR (10) sends from one address at any cards', async () => {
    const address = nextAddress();
    const cards = [await aCard(t), await aCard(t), await aCard(t), await aCard(t)];
    let sends = 0;
    for (const { vehicle, card } of cards) {
      for (let i = 0; i < 3 && sends < 10; i++, sends++) {
        const response = await sendThroughCard(
          t,
          card.code,
          { plateLast4: last4(vehicle), templateKey: 'blocking' },
          address,
        );
        expect(response.statusCode).toBe(201);
      }
    }
    const last = cards[3]!;
    expectRefused(
      await sendThroughCard(
        t,
        last.card.code,
        { plateLast4: last4(last.vehicle), templateKey: 'blocking' },
        address,
      ),
    );
  });

  it('counts guesses at unknown cards in the address’s CARD_SENDS_PER_ADDRESS_HOUR (10) guesses', async () => {
    const address = nextAddress();
    const guess = { plateLast4: '1234', templateKey: 'blocking' } as const;
    for (let i = 0; i < 10; i++) {
      expect((await sendThroughCard(t, `AAAAAAAAAAAAAA${i}A`, guess, address)).statusCode).toBe(404);
    }
    expectRefused(await sendThroughCard(t, 'AAAAAAAAAAAAAAAA', guess, address));
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const { vehicle, card } = await aCard(t);
    const payload = { plateLast4: last4(vehicle), templateKey: 'blocking' } as const;
    for (const host of ['1', '2', '3']) {
      expect((await sendThroughCard(t, card.code, payload, `2001:db8:23:7::${host}`)).statusCode).toBe(201);
    }
    expectRefused(await sendThroughCard(t, card.code, payload, '2001:db8:23:7:abcd::4'));
    expect((await sendThroughCard(t, card.code, payload, '2001:db8:23:8::1')).statusCode).toBe(201);
  });
});
