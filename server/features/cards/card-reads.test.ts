import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { aCard, nextAddress } from '../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CARD_READS_PER_ADDRESS_MINUTE: '3' } });
});
afterAll(() => t.close());

const read = (url: string, address: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, remoteAddress: address, headers });

describe('reading cards, per client address (CARD_READS_PER_ADDRESS_MINUTE)', () => {
  it('answers the API past the limit with 429 JSON and Retry-After, and another address still reads', async () => {
    const { card } = await aCard(t);
    const address = nextAddress();
    for (let i = 0; i < 3; i++) {
      expect((await read(`/api/public/cards/${card.code}`, address)).statusCode).toBe(200);
    }
    const refused = await read(`/api/public/cards/${card.code}`, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: 'Too many cards were opened from this network. Please try again in a minute.',
    });
    expect((await read(`/api/public/cards/${card.code}`, nextAddress())).statusCode).toBe(200);
  });

  it('answers the page past the limit with its own 429 page, in the page’s language, and nothing of the card', async () => {
    const { card } = await aCard(t);
    const address = nextAddress();
    for (let i = 0; i < 3; i++) expect((await read(`/c/${card.code}`, address)).statusCode).toBe(200);
    const refused = await read(`/c/${card.code}?lang=ml`, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('<html lang="ml">');
    expect(refused.body).toContain('ഈ നെറ്റ്‌വർക്കിൽ നിന്ന് ഒട്ടേറെ കാർഡുകൾ തുറന്നു.');
    expect(refused.body).not.toContain('<form');
    // The language picked is remembered; no stranger's cookie is handed out past the limit.
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain('vahan_stranger');
  });

  it('counts the API and the page together, unknown cards too, and an IPv6 /64 as one address', async () => {
    const { card } = await aCard(t);
    await read(`/api/public/cards/${card.code}`, '2001:db8:5:6::1');
    await read('/c/AAAAAAAAAAAAAAAA', '2001:db8:5:6::2');
    await read(`/c/${card.code}`, '2001:db8:5:6:ffff::3');
    expect((await read(`/api/public/cards/${card.code}`, '2001:db8:5:6::4')).statusCode).toBe(429);
    expect((await read(`/c/${card.code}`, '2001:db8:5:6::5')).statusCode).toBe(429);
  });
});
