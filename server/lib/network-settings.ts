/** Settings about where the server stands on the network: its public origin and the proxies in front. */
import { isIP } from 'node:net';
import { z } from 'zod';

/** The site's own origin as people reach it: http(s)://host[:port], no path, query or credentials. */
export const publicOrigin = z.string().transform((value, ctx) => {
  const url = URL.parse(value);
  const bare = url?.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && bare) return url.origin;
  ctx.addIssue({
    code: 'custom',
    message: 'must be an http:// or https:// origin, such as https://vahan.example',
  });
  return z.NEVER;
});

const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
};

/**
 * Which proxies in front of the server to believe about the client address: none (`false`), a hop
 * count (`1`: the proxy right in front), or proxy addresses/CIDRs. `true` would believe any
 * X-Forwarded-For a client writes itself, so it is refused.
 */
export const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (text === 'true' || text === '*') {
    ctx.addIssue({
      code: 'custom',
      message: 'true trusts any client; give the hop count (1) or the proxy addresses',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
});
