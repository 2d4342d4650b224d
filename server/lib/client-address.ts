import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client address as every per-address limit counts it: an IPv4 address alone, an IPv6 address by
 * its /64 (one phone or one home network is handed a whole /64, so each of its 2^64 addresses must not
 * count as another client). An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, zone dropped, `::` filled in, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.split('%');
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const lastTail = tailGroups.at(-1) ?? headGroups.at(-1) ?? '';
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; only the first four groups matter here.
  const width = lastTail.includes('.') ? 7 : 8;
  const missing = tail === undefined ? 0 : width - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.map((group) => (group.includes('.') ? group : (parseInt(group, 16) || 0).toString(16)));
}
