import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, setYearLongCookie } from './cookies';

const app = Fastify();
app.get('/', async (request, reply) => {
  setYearLongCookie(request, reply, 'picked', 'ml');
  return { seen: cookieOf(request, 'wanted') ?? null };
});
beforeAll(() => app.ready());
afterAll(() => app.close());

const seen = async (cookie?: string) =>
  (await app.inject({ url: '/', headers: cookie === undefined ? {} : { cookie } })).json<{
    seen: string | null;
  }>().seen;

describe('cookies', () => {
  it('reads the named cookie among others, the first one when it is sent twice', async () => {
    expect(await seen('other=1; wanted=abc; wanted=def')).toBe('abc');
  });

  it('reads no cookie from a request that carries none, or only others', async () => {
    expect(await seen()).toBeNull();
    expect(await seen('wanted_not=1; other=2')).toBeNull();
  });

  it('sets a cookie for a year, site-wide, out of scripts’ reach, not Secure over plain HTTP', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['set-cookie']).toBe(
      'picked=ml; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax',
    );
  });
});
