import { z } from 'zod';

/** A setting that is wrong or missing: the server says which and exits with code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A whole number written plainly: an empty value, `1e3` or `0x1F` is a mistake, not a number. */
export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

export const jsonObject = z.string().transform((text, ctx) => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
  return z.NEVER;
});

/** Loopback listening addresses: only this machine can reach the server. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/** A provider's API base: https://, or http:// only to a loopback address (a local fake in tests). */
export const providerBaseUrl = z.url().refine((value) => {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (isLoopbackHost(url.hostname) || url.hostname.startsWith('127.'));
}, 'must be an https:// URL (http:// only for a loopback address)');
