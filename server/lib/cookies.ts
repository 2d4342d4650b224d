import type { FastifyReply, FastifyRequest } from 'fastify';
import { YEAR_S } from '#common/durations';

/** The value of the cookie `name` the request carries, as sent; undefined when it carries none. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = pair.trim().split('=', 2);
    if (key === name) return value;
  }
  return undefined;
}

/** Sets a cookie kept for a year, site-wide, out of scripts' reach (and only over TLS when served so). */
export function setYearLongCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${name}=${value}; Max-Age=${YEAR_S}; Path=/; HttpOnly; SameSite=Lax${secure}`);
}
