import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCard, last4 } from './testing/card-fixtures';
import { createTestApp, nextPhone, registration, type TestApp } from './testing/test-app';

const PROXY = '10.0.0.5';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRUST_PROXY: '1',
      CODE_REQUESTS_PER_ADDRESS_HOUR: '2',
      VERIFY_TRIES_PER_ADDRESS_HOUR: '2',
      SLIP_REQUESTS_PER_ADDRESS_MINUTE: '2',
      CARD_SENDS_PER_ADDRESS_HOUR: '2',
    },
  });
});
afterAll(() => t.close());

/** A request as nginx relays it for the client at `client`. */
const from = (client: string, request: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
  t.inject({ ...request, remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });

/** The statuses of one request each from `clients` in turn. */
async function statusesFrom(
  clients: string[],
  request: () => { method: 'GET' | 'POST'; url: string; payload?: object },
): Promise<number[]> {
  const statuses: number[] = [];
  for (const client of clients) statuses.push((await from(client, request())).statusCode);
  return statuses;
}

/** Three addresses of one /64, as one phone or one home network is handed them. */
const oneSlash64 = (prefix: string) => [`${prefix}::1`, `${prefix}:aaaa:bbbb:cccc:dddd`, `${prefix}:ffff::9`];

describe('per-address limits count an IPv6 client by its /64', () => {
  it('counts sign-up code requests from three addresses of one /64 as one client', async () => {
    const statuses = await statusesFrom(oneSlash64('2001:db8:1:1'), () => ({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(nextPhone()),
    }));
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('counts the public phone code requests of one /64 as one client', async () => {
    const statuses = await statusesFrom(oneSlash64('2001:db8:1:2'), () => ({
      method: 'POST',
      url: '/api/public/phone/code',
      payload: { phone: nextPhone() },
    }));
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts sign-in code tries from three addresses of one /64 as one client', async () => {
    const statuses = await statusesFrom(oneSlash64('2001:db8:1:3'), () => ({
      method: 'POST',
      url: '/api/users/verify',
      payload: { phone: nextPhone(), otp: '000000' },
    }));
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('counts slip reads from three addresses of one /64 as one client', async () => {
    const statuses = await statusesFrom(oneSlash64('2001:db8:1:4'), () => ({
      method: 'GET',
      url: '/api/public/slips/ABCD-EFGH',
    }));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 2)).not.toContain(429);
  });

  it("counts tries through a card's page API from three addresses of one /64 as one client", async () => {
    const { card, vehicle } = await aCard(t);
    const statuses = await statusesFrom(oneSlash64('2001:db8:1:7'), () => ({
      method: 'POST',
      url: `/api/public/cards/${card.code}/requests`,
      payload: { plateLast4: last4(vehicle), templateKey: 'blocking' },
    }));
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('counts two /64s apart', async () => {
    const statuses = await statusesFrom(['2001:db8:1:5::1', '2001:db8:1:5::2', '2001:db8:1:6::1'], () => ({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(nextPhone()),
    }));
    expect(statuses).toEqual([201, 201, 201]);
  });

  it('still counts each IPv4 address alone', async () => {
    const statuses = await statusesFrom(['198.51.100.21', '198.51.100.22', '198.51.100.23'], () => ({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(nextPhone()),
    }));
    expect(statuses).toEqual([201, 201, 201]);
  });
});
