import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { giveStrangerCookie, STRANGER_COOKIE, strangerCookieOf } from './cookie';

const requestWith = (cookie: string | undefined, protocol: 'http' | 'https' = 'http') =>
  ({ headers: cookie === undefined ? {} : { cookie }, protocol }) as unknown as FastifyRequest;

/** The Set-Cookie header `giveStrangerCookie` writes, or undefined when it writes none. */
function givenCookie(request: FastifyRequest): string | undefined {
  let written: string | undefined;
  const reply = {
    header(name: string, value: string) {
      if (name === 'set-cookie') written = value;
      return reply;
    },
  };
  giveStrangerCookie(request, reply as unknown as FastifyReply);
  return written;
}

describe('the stranger cookie', () => {
  it('is a random id, httpOnly, SameSite=Lax, for a year, site-wide, and Secure only over https', () => {
    const plain = givenCookie(requestWith(undefined));
    expect(plain).toMatch(
      new RegExp(`^${STRANGER_COOKIE}=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`),
    );
    expect(givenCookie(requestWith(undefined, 'https'))).toMatch(/; SameSite=Lax; Secure$/);
    expect(givenCookie(requestWith(undefined))).not.toBe(plain);
  });

  it('is given once: a browser that sends it back keeps it', () => {
    const value = 'abcdefghijklmnopqrstuv';
    const request = requestWith(`theme=dark; ${STRANGER_COOKIE}=${value}`);
    expect(strangerCookieOf(request)).toBe(value);
    expect(givenCookie(request)).toBeUndefined();
  });

  it('counts a value this server never writes as no cookie', () => {
    for (const header of [
      `${STRANGER_COOKIE}=short`,
      `${STRANGER_COOKIE}=`,
      `other=abcdefghijklmnopqrstuv`,
    ]) {
      expect(strangerCookieOf(requestWith(header)), header).toBeNull();
    }
    expect(givenCookie(requestWith(`${STRANGER_COOKIE}=short`))).toBeDefined();
  });
});
