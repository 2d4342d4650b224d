import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOf, setYearLongCookie } from '../../lib/cookies';

/** The card page's first-party cookie: a random id per browser, nothing about the person. */
export const STRANGER_COOKIE = 'vahan_stranger';
/** 128 random bits in base64url, as `giveStrangerCookie` writes them; anything else counts as no cookie. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;

/** The stranger cookie the request carries, or null when it carries none (or one this server never wrote). */
export function strangerCookieOf(request: FastifyRequest): string | null {
  const value = cookieOf(request, STRANGER_COOKIE);
  return value !== undefined && COOKIE_VALUE.test(value) ? value : null;
}

/** Sets a new stranger cookie on `reply` unless the request carries one: httpOnly, for a year, site-wide. */
export function giveStrangerCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (strangerCookieOf(request)) return;
  setYearLongCookie(request, reply, STRANGER_COOKIE, randomBytes(16).toString('base64url'));
}
