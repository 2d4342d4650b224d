import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { apiRoutes } from '../../../testing/routes';
import { createTestApp, type SignedIn, type TestApp } from '../../../testing/test-app';
import { aCard, last4, nextAddress } from '../../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://vahan.example' } });
});
afterAll(() => t.close());

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });

async function unread(who: SignedIn): Promise<ServerNotification[]> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/users/unreadNotifications',
    headers: who.headers,
  });
  return response.json<ServerNotification[]>();
}

/** Each of a card page's forms, with fields it would accept but for `field`, which gets `value`. */
function forms(code: string, plate: string): { url: string; fields: Record<string, string> }[] {
  return [
    { url: `/c/${code}`, fields: { plateLast4: plate, templateKey: 'own', text: 'Blue car at the gate' } },
    { url: `/c/${code}/call/code`, fields: { phone: '9876501234' } },
    { url: `/c/${code}/call`, fields: { phone: '9876501234', otp: '123456' } },
  ];
}

const CONTROL_CHARACTERS = { NUL: '\u0000', BEL: '\u0007', ESC: '\u001b', 'lone CR': '\r' };

describe('the card page forms refuse control characters', () => {
  it.each(Object.entries(CONTROL_CHARACTERS))(
    'answers the page with its form and 400 to a %s in any field (was a 500 for NUL, stored for the others), and sends nothing',
    async (_name, character) => {
      const { owner, vehicle, card } = await aCard(t);
      for (const { url, fields } of forms(card.code, last4(vehicle))) {
        for (const field of Object.keys(fields)) {
          const value = fields[field] ?? '';
          const response = await post(url, {
            ...fields,
            [field]: `${value.slice(0, 2)}${character}${value.slice(2)}`,
          });
          expect(response.statusCode, `${url} ${field}`).toBe(400);
          expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(response.body).toContain('Remove the invisible control characters');
          expect(response.body).toContain(`<form method="post" action="/c/${card.code}?lang=en">`);
        }
      }
      expect(await unread(owner)).toEqual([]);
      expect(t.sms.sent.filter((sent) => sent.phone === '9876501234')).toEqual([]);
    },
  );

  it('refuses a control character in the query of a card page with 400, in the page', async () => {
    const { card } = await aCard(t);
    const response = await t.inject({ method: 'GET', url: `/c/${card.code}?lang=en%00` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('keeps a typed line break (CR LF, as browsers post a textarea) as a line feed', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await post(`/c/${card.code}`, {
      plateLast4: last4(vehicle),
      templateKey: 'own',
      text: 'Blue car\r\nat the gate',
    });
    expect(response.statusCode).toBe(303);
    expect((await unread(owner))[0]?.content).toBe('Blue car\nat the gate');
  });
});

describe('the card page forms refuse cross-site posts', () => {
  const CROSS_SITE: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://vahan.example' },
  ];

  it.each(CROSS_SITE)(
    'answers 403 with the card page to a post with %j (any site could make its visitors send them), and sends nothing',
    async (headers) => {
      const { owner, vehicle, card } = await aCard(t);
      for (const { url, fields } of forms(card.code, last4(vehicle))) {
        const response = await post(url, fields, headers);
        expect(response.statusCode, url).toBe(403);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('This form can only be sent from its own page on this site.');
      }
      expect(await unread(owner)).toEqual([]);
      expect(t.sms.sent.filter((sent) => sent.phone === '9876501234')).toEqual([]);
    },
  );

  it.each([
    { origin: 'https://vahan.example', 'sec-fetch-site': 'same-origin' },
    // What a browser sends from our own page under Referrer-Policy: no-referrer.
    { origin: 'null', 'sec-fetch-site': 'same-origin' },
    {},
  ] as Record<string, string>[])(
    'takes a post from the site itself, or from no browser: %j',
    async (headers) => {
      const { owner, vehicle, card } = await aCard(t);
      const response = await post(
        `/c/${card.code}`,
        { plateLast4: last4(vehicle), templateKey: 'moveSoon' },
        headers,
      );
      expect(response.statusCode).toBe(303);
      expect(await unread(owner)).toHaveLength(1);
    },
  );
});

describe('a NUL in the path', () => {
  const PAGES = [
    { method: 'GET', url: '/c/:code' },
    { method: 'POST', url: '/c/:code' },
    { method: 'POST', url: '/c/:code/call/code' },
    { method: 'POST', url: '/c/:code/call' },
    { method: 'GET', url: '/c/:code/sent/:statusToken' },
    { method: 'GET', url: '/s/:code' },
    { method: 'POST', url: '/s/:code' },
  ];

  it('answers 404 or 400, never 500, on every page and API route (a NUL reached the database)', async () => {
    const routes = [...PAGES, ...apiRoutes(t.app)].filter(({ url }) => url.includes(':'));
    expect(routes.length).toBeGreaterThan(PAGES.length);
    for (const { method, url } of routes) {
      const withNul = url.replaceAll(/:\w+/g, '%00');
      const response = await t.inject({
        method: method as 'GET' | 'POST',
        url: withNul,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect([400, 401, 404], `${method} ${withNul}`).toContain(response.statusCode);
    }
  });
});
