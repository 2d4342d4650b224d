import { normaliseSlipCode } from '#common/slip-code';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';

/**
 * The code of a wiper slip from what its QR code says (a web address whose path is `/s/{code}`) or
 * from its code typed as printed. A typed vehicle number is no slip code, though it has ten characters.
 */
export function slipCodeOf(text: string): string | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const match = /^\/s\/([^/]+)\/?$/.exec(url.pathname);
    return match?.[1] ? normaliseSlipCode(match[1]) : null;
  } catch {
    return isValidVehicleNumber(normaliseVehicleNumber(trimmed)) ? null : normaliseSlipCode(trimmed);
  }
}
