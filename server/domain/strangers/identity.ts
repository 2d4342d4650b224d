import { createHash } from 'node:crypto';
import { clientAddressKey } from '../../lib/client-address';

/**
 * A sender with no account, as the service knows them: the card they came through and what proves
 * who they are, each kept only as a hash. Blocks and budgets are looked up by these.
 */
export interface StrangerIdentity {
  cardId: string | null;
  /** The card page's first-party cookie (a random id), when the browser sent one. */
  cookie?: string | null;
  /** The client address (`request.ip`); counted by its /64 for IPv6. */
  address?: string | null;
  /** A phone the stranger proved with a one-time code (a masked call). */
  phone?: string | null;
}

export type StrangerKind = 'cookie' | 'address' | 'phone';

/** One hash of one identifier of a stranger: the same value always gives the same hash. */
export function strangerHash(kind: StrangerKind, value: string): string {
  const normalised = kind === 'address' ? clientAddressKey(value) : value;
  return createHash('sha256').update(`stranger-${kind}:${normalised}`).digest('base64url');
}

/** The hashes of what is known of a stranger, each null when unknown. */
export function strangerHashes(identity: StrangerIdentity): Record<`${StrangerKind}Hash`, string | null> {
  const hash = (kind: StrangerKind, value: string | null | undefined) =>
    value ? strangerHash(kind, value) : null;
  return {
    cookieHash: hash('cookie', identity.cookie),
    addressHash: hash('address', identity.address),
    phoneHash: hash('phone', identity.phone),
  };
}
