/**
 * Wiper-slip codes: printed under a QR code and typed by hand, so they use an alphabet without look-alikes
 * (Crockford's base 32: no I, L, O or U) and are written in two groups of five, "7KQ3M-XD9PA". Ten
 * characters of 5 bits are 50 random bits.
 */
export const SLIP_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SLIP_CODE_LENGTH = 10;
const GROUP = 5;

/** The stored form of a code as people type it (any case, spaces or hyphens, O for 0, I or L for 1); null when it cannot be one. */
export function normaliseSlipCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== SLIP_CODE_LENGTH) return null;
  return [...code].every((character) => SLIP_CODE_ALPHABET.includes(character)) ? code : null;
}

/** A code as it is printed and shown: "7KQ3M-XD9PA". */
export function formatSlipCode(code: string): string {
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

/** The path of a slip's public page. */
export const slipPath = (code: string): string => `/s/${code}`;
