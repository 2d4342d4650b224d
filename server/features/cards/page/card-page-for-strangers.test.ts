import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { aCard, last4, nextAddress } from '../../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const openPage = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers });

const postForm = (code: string, fields: Record<string, string>, query: string) =>
  t.inject({
    method: 'POST',
    url: `/c/${code}${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });

describe('the card page for a stranger', () => {
  it('says why it asks for the last four digits of the plate, in English and in Malayalam', async () => {
    const { card } = await aCard(t);
    const english = (await openPage(`/c/${card.code}?lang=en`)).body;
    expect(english).toContain('Why we ask: the card hides these digits');
    expect(english).toMatch(/<p class="hint" id="plateWhy">/);
    expect(english).toMatch(/aria-describedby="plateWhy"/);
    const malayalam = (await openPage(`/c/${card.code}?lang=ml`)).body;
    expect(malayalam).toContain('എന്തിനാണ് ചോദിക്കുന്നത്');
  });

  it('remembers the language picked with the switch: the next card opens in it, whatever the browser prefers', async () => {
    const { card } = await aCard(t);
    const picked = await openPage(`/c/${card.code}?lang=ml`, { 'accept-language': 'en' });
    const cookies = [picked.headers['set-cookie']].flat().map(String);
    const remembered = cookies.find((cookie) => cookie.startsWith('vahan_lang='));
    expect(remembered).toBe('vahan_lang=ml; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax');
    const cookie = remembered!.split(';')[0]!;
    const other = await aCard(t);
    const next = await openPage(`/c/${other.card.code}`, { 'accept-language': 'en', cookie });
    expect(next.body).toContain('<html lang="ml">');
    // Picking English again wins over the cookie, and is remembered in its place.
    const back = await openPage(`/c/${other.card.code}?lang=en`, { cookie });
    expect(back.body).toContain('<html lang="en">');
    expect(String(back.headers['set-cookie'])).toContain('vahan_lang=en;');
  });

  it('says what was sent and when (India Standard Time), in the language of the page', async () => {
    const { vehicle, card } = await aCard(t);
    const sent = await postForm(
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'moveSoon' },
      '?lang=en',
    );
    const location = String(sent.headers.location);
    const english = (await openPage(location)).body;
    const plate = `${vehicle.vehicleNumber.slice(0, 2).toUpperCase()} ${vehicle.vehicleNumber.slice(2, 4)} ** ****`;
    expect(english).toContain('You sent:');
    expect(english).toContain(`Kindly move your vehicle ${plate}`);
    expect(english).not.toContain(vehicle.vehicleNumber.toUpperCase());
    expect(english).toContain('Sent 21 Nov 2026, 2:30 pm');
    const malayalam = (await openPage(location.replace('lang=en', 'lang=ml'))).body;
    expect(malayalam).toContain('നിങ്ങൾ അയച്ചത്:');
    expect(malayalam).toContain('അയച്ചത് 2026 നവം 21, 2:30 PM');
  });

  it("shows the stranger's own text as they wrote it", async () => {
    const { vehicle, card } = await aCard(t);
    const sent = await postForm(
      card.code,
      { plateLast4: last4(vehicle), templateKey: 'own', text: 'Blue gate, <b>please</b>' },
      '?lang=en',
    );
    const page = (await openPage(String(sent.headers.location))).body;
    expect(page).toContain('“Blue gate, &lt;b&gt;please&lt;/b&gt;”');
  });
});

describe('the frame of the pages for strangers', () => {
  it("uses the app's colours and tap size (src/styles.css), and no font or style from elsewhere", async () => {
    const { card } = await aCard(t);
    const page = (await openPage(`/c/${card.code}`)).body;
    const appStyles = await readFile(new URL('../../../../src/styles.css', import.meta.url), 'utf8');
    const mirrored = ['accent', 'accent-strong', 'accent-soft', 'text', 'muted', 'border', 'surface'];
    for (const name of [...mirrored, 'background', 'danger', 'success', 'radius', 'tap']) {
      const value = new RegExp(`--${name}: ([^;]+);`).exec(appStyles)?.[1];
      expect(value, name).toBeDefined();
      expect(page, name).toContain(`--${name}:${value}`);
    }
    expect(page).toMatch(/nav a\{[^}]*min-height:var\(--tap\)|\.brand,nav a\{[^}]*min-height:var\(--tap\)/);
    expect(page).not.toContain('#1d4ed8');
    expect(page).not.toMatch(/@import|@font-face|<link /);
  });
});
