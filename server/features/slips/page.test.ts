import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSlips } from '#common/slips-api';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function slipCode(note?: object): Promise<string> {
  const maker = await t.signUp({ name: 'Anu Mathew' });
  const created = await t.inject({
    method: 'POST',
    url: '/api/users/slips',
    headers: maker.headers,
    payload: { count: 1 },
  });
  const code = created.json<CreatedSlips>().slips[0]?.code ?? '';
  if (note) {
    const attached = await t.inject({
      method: 'POST',
      url: `/api/users/slips/${code}/attach`,
      headers: maker.headers,
      payload: note,
    });
    expect(attached.statusCode).toBe(201);
  }
  return code;
}

const page = (path: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: path, headers });

const tap = (code: string, kind: string, lang = 'en') =>
  t.inject({
    method: 'POST',
    url: `/s/${code}?lang=${lang}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `kind=${kind}`,
  });

describe('the page /s/{code}', () => {
  it('shows the note, the whole plate, when, and the five answers as a form that needs no script', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0001', text: 'Please move, my gate is blocked' });
    t.clock.advance(2 * 60_000);
    const response = await page(`/s/${code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('KL07PG0001');
    expect(html).toContain('Please move, my gate is blocked');
    expect(html).toContain('Left 2m ago');
    expect(html.match(/<button name="kind"/g)).toHaveLength(5);
    expect(html).toContain(`<form method="post" action="/s/${code}?lang=en">`);
    expect(html).not.toContain('<script');
  });

  it('names the service once in its title, as the other public pages do', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0004', templateKey: 'blocking' });
    const { body } = await page(`/s/${code}`);
    expect(body).toContain('<title>A note about your vehicle · Vahan Contact</title>');
  });

  it('writes the note as text, never as markup', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0002', text: '<b>Move</b> & "go"' });
    const { body } = await page(`/s/${code}`);
    expect(body).toContain('&lt;b&gt;Move&lt;/b&gt; &amp; &quot;go&quot;');
  });

  it("speaks the browser's language, and its switch picks either", async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0003', templateKey: 'blocking' });
    const malayalam = await page(`/s/${code}`, { 'accept-language': 'ml' });
    expect(malayalam.body).toContain('<html lang="ml">');
    expect(malayalam.body).toContain(`<a href="/s/${code}?lang=en" lang="en" hreflang="en"`);
    const english = await page(`/s/${code}?lang=en`, { 'accept-language': 'ml' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(`<a href="/s/${code}?lang=ml" lang="ml" hreflang="ml"`);
  });

  it("remembers the language picked with the switch for the next slip, over the browser's", async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0004', templateKey: 'blocking' });
    const picked = await page(`/s/${code}?lang=ml`, { 'accept-language': 'en' });
    const remembered = [picked.headers['set-cookie']].flat().map(String);
    const cookie = remembered.find((value) => value.startsWith('vahan_lang=ml;'))?.split(';')[0];
    expect(cookie).toBe('vahan_lang=ml');
    const next = await page(
      `/s/${await slipCode({ vehicleNumber: 'KL07PG0005', templateKey: 'blocking' })}`,
      {
        'accept-language': 'en',
        cookie: cookie ?? '',
      },
    );
    expect(next.body).toContain('<html lang="ml">');
  });

  it('takes one tap: the answer is shown, then the invitation to register the vehicle', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0004', templateKey: 'moveSoon' });
    const answered = await tap(code, 'five_minutes');
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/s/${code}?lang=en`);
    const { body } = await page(`/s/${code}?lang=en`);
    expect(body).toContain('Your answer was sent: Coming in 5 minutes');
    expect(body).toContain('href="/registration"');
    expect(body).not.toContain('<button');
    // A second tap changes nothing: the first answer stays.
    expect((await tap(code, 'cannot_come')).statusCode).toBe(303);
    expect((await page(`/s/${code}`)).body).toContain('Coming in 5 minutes');
  });

  it('says an unused slip has not been used yet', async () => {
    const code = await slipCode();
    const { statusCode, body } = await page(`/s/${code}`);
    expect(statusCode).toBe(200);
    expect(body).toContain('This slip has not been used yet');
  });

  it('answers 404 with a page for an unknown code or what cannot be one', async () => {
    for (const path of ['/s/ZZZZZ-ZZZZZ', '/s/nonsense']) {
      const response = await page(path);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This slip is not valid or has expired');
    }
    expect((await tap('ZZZZZZZZZZ', 'coming_now')).statusCode).toBe(404);
  });

  it('names neither the sender nor their number', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0005', templateKey: 'attention' });
    const { body } = await page(`/s/${code}`);
    expect(body).not.toContain('Anu');
    expect(body).not.toMatch(/\d{10}/);
  });
});

describe('the page /s/{code} refuses what another site or a control character sends', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  it.each([{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }])(
    'answers 403 with the page to an answer posted with %j (any site could make its visitors answer), and records none',
    async (headers) => {
      const code = await slipCode({ vehicleNumber: 'KL07PG0006', templateKey: 'blocking' });
      const response = await t.inject({
        method: 'POST',
        url: `/s/${code}?lang=en`,
        headers: { ...FORM, ...headers },
        payload: 'kind=coming_now',
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<form method="post" action="/s/${code}?lang=en">`);
      expect((await page(`/s/${code}`)).body.match(/<button name="kind"/g)).toHaveLength(5);
    },
  );

  it('answers 400 with the page, not a JSON error, to a control character in the answer or the query', async () => {
    const code = await slipCode({ vehicleNumber: 'KL07PG0007', templateKey: 'blocking' });
    for (const [url, payload] of [
      [`/s/${code}?lang=en`, 'kind=coming_now%00'],
      [`/s/${code}?lang=en%07`, 'kind=coming_now'],
    ] as const) {
      const response = await t.inject({ method: 'POST', url, headers: FORM, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    const read = await page(`/s/${code}?lang=%1b`);
    expect(read.statusCode).toBe(400);
    expect(read.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await page(`/s/${code}`)).body.match(/<button name="kind"/g)).toHaveLength(5);
  });
});
