import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { createTestApp, type SignedIn, type TestApp } from '../../../testing/test-app';
import { aCard, last4, nextAddress } from '../../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const openPage = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers });

/** The card's form posted as a browser with scripts off posts it. */
const postForm = (code: string, fields: Record<string, string>, query = '', address = nextAddress()) =>
  t.inject({
    method: 'POST',
    url: `/c/${code}${query}`,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: address,
  });

async function unread(who: SignedIn): Promise<ServerNotification[]> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: who.headers,
  });
  return response.json<ServerNotification[]>();
}

describe('GET /c/{code}', () => {
  it('is an HTML page with the vehicle type, the plate’s state and office codes, the five suggestions and a plain form', async () => {
    const { vehicle, card } = await aCard(t, {});
    const response = await openPage(`/c/${card.code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain('Four Wheeler');
    const stateAndOffice = `${vehicle.vehicleNumber.slice(0, 2).toUpperCase()} ${vehicle.vehicleNumber.slice(2, 4)}`;
    expect(page).toContain(`<p class="plate">${stateAndOffice} ** ****</p>`);
    expect(page).not.toContain(`** ${last4(vehicle)}`);
    expect(page).not.toContain(vehicle.vehicleNumber.toUpperCase());
    expect(page).not.toContain(vehicle.vehicleNumber);
    expect(page).toContain(`<form method="post" action="/c/${card.code}?lang=en">`);
    expect(page.match(/name="templateKey"/g)).toHaveLength(6);
    expect(page).toContain('name="plateLast4"');
    expect(page).toContain('Last 4 digits of the number plate');
    // No script in the page itself: the strict CSP refuses inline scripts.
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('gives each browser a random first-party cookie, once', async () => {
    const { card } = await aCard(t);
    const first = String((await openPage(`/c/${card.code}`)).headers['set-cookie']);
    expect(first).toMatch(
      /^vahan_stranger=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const other = String((await openPage(`/c/${card.code}`)).headers['set-cookie']);
    expect(other).not.toBe(first);
    const cookie = first.split(';')[0]!;
    expect((await openPage(`/c/${card.code}`, { cookie })).headers['set-cookie']).toBeUndefined();
  });

  it("follows the browser's Accept-Language, and the switch link's choice over it", async () => {
    const { card } = await aCard(t);
    const malayalam = await openPage(`/c/${card.code}`, { 'accept-language': 'ml-IN,ml;q=0.9,en;q=0.5' });
    expect(malayalam.body).toContain('<html lang="ml">');
    expect(malayalam.body).toContain('ഈ വാഹനത്തിന്റെ ഉടമയെ ബന്ധപ്പെടുക');
    expect(malayalam.body).toContain(`href="/c/${card.code}?lang=en"`);
    expect(malayalam.headers.vary).toContain('accept-language');
    const english = await openPage(`/c/${card.code}?lang=en`, { 'accept-language': 'ml' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Reach this vehicle&#39;s owner');
    expect(english.body).toContain(`href="/c/${card.code}?lang=ml"`);
  });

  it('says "not taking messages now", with no form, while the card is paused', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    const page = (await openPage(`/c/${card.code}`)).body;
    expect(page).toContain('The owner is not taking messages now.');
    expect(page).not.toContain('<form');
  });

  it('answers the same 404 page for an unknown and a turned-off card', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await t.inject({
      method: 'DELETE',
      url: `/api/users/vehicleCard?vehicleId=${vehicle._id}`,
      headers: owner.headers,
    });
    const off = await openPage(`/c/${card.code}`);
    const unknown = await openPage('/c/AAAAAAAAAAAAAAAAAAAA');
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('This card is not in use');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.replaceAll('AAAAAAAAAAAAAAAAAAAA', card.code)).toBe(off.body);
  });
});

describe('POST /c/{code} (the form, scripts off)', () => {
  it('sends the chosen suggestion and answers 303 to the status page, which shows it sent', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await postForm(
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'moveSoon' },
      '?lang=en',
    );
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(new RegExp(`^/c/${card.code}/sent/[A-Za-z0-9_-]+\\?lang=en$`));
    const [request] = await unread(owner);
    expect(request?.via).toBe('card');
    expect(request?.content).toContain(vehicle.vehicleNumber.toUpperCase());
    const status = await openPage(location);
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain('Message sent');
    expect(status.body).toContain('Waiting for the owner');
    // Without scripts it reloads itself; with them, the live script follows the status stream.
    expect(status.body).toMatch(/<noscript><meta http-equiv="refresh" content="10" ?\/?><\/noscript>/);
    expect(status.body).toMatch(/data-live-events="\/api\/public\/requests\/[^"]+\/events"/);
    expect(status.body).toContain('<script src="/public-page/live.js" defer></script>');
    expect(status.body).toContain('Get your own windscreen card');
  });

  it("sends the stranger's own short text", async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await postForm(card.code, {
      plateLast4: last4(vehicle),
      templateKey: 'own',
      text: 'Blue car in front of the pharmacy gate',
    });
    expect(response.statusCode).toBe(303);
    expect((await unread(owner))[0]?.content).toBe('Blue car in front of the pharmacy gate');
  });

  it('refuses wrong last four digits with the form again, what was typed kept, and sends nothing', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const wrong = last4(vehicle) === '0000' ? '1111' : '0000';
    const response = await postForm(card.code, { plateLast4: wrong, templateKey: 'blocking' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Those are not the last four digits of this vehicle&#39;s number.');
    expect(response.body).toContain(`value="${wrong}"`);
    expect(response.body).toMatch(/value="blocking"\s+checked/);
    expect(await unread(owner)).toEqual([]);
  });

  it('refuses a text with a phone number, in the reader’s language, and sends nothing', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await postForm(
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'own', text: 'call me on 9876543210' },
      '?lang=ml',
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="ml">');
    expect(response.body).toContain('ഫോൺ നമ്പറുകളോ');
    expect(await unread(owner)).toEqual([]);
  });

  it('answers 409 with "not taking messages" while the card is paused', async () => {
    const { owner, vehicle, card } = await aCard(t);
    await t.inject({
      method: 'POST',
      url: '/api/users/pauseVehicleCard',
      payload: { vehicleId: vehicle._id },
      headers: owner.headers,
    });
    const response = await postForm(card.code, { plateLast4: last4(vehicle), templateKey: 'blocking' });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('not taking messages');
    expect(await unread(owner)).toEqual([]);
  });

  it('answers 429 with Retry-After past the limit for one address at one card', async () => {
    const { vehicle, card } = await aCard(t);
    const address = nextAddress();
    for (let i = 0; i < 3; i++) {
      const sent = await postForm(
        card.code,
        { plateLast4: last4(vehicle), templateKey: 'blocking' },
        '',
        address,
      );
      expect(sent.statusCode).toBe(303);
    }
    const response = await postForm(
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'blocking' },
      '',
      address,
    );
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).toContain('Too many messages');
  });
});

describe('GET /c/{code}/sent/{statusToken}', () => {
  it("shows the owner's answer, and stops reloading once answered", async () => {
    const { owner, vehicle, card } = await aCard(t);
    const sent = await postForm(card.code, { plateLast4: last4(vehicle), templateKey: 'blocking' });
    const [request] = await unread(owner);
    await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      payload: { notificationId: request!._id, kind: 'five_minutes' },
      headers: owner.headers,
    });
    const page = (await openPage(String(sent.headers.location))).body;
    expect(page).toContain('Coming in 5 minutes');
    expect(page).toContain('data-live-final');
    expect(page).not.toContain('http-equiv="refresh"');
    expect(page).not.toContain('<script');
  });

  it('answers 404 for an unknown status token', async () => {
    const { card } = await aCard(t);
    const response = await openPage(`/c/${card.code}/sent/not-a-token`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This message can no longer be followed');
  });
});

describe('the live script', () => {
  it('is served from our origin as JavaScript that follows the status stream', async () => {
    const response = await openPage('/public-page/live.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain("addEventListener('status'");
  });
});
