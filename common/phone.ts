export const PHONE_LENGTH = 10;

const TEN_DIGITS = /^\d{10}$/;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * Accepts what people type for an Indian mobile number: spaces, a leading +91 / 91 or 0 are
 * tolerated. Returns the bare 10 digits, or null when what is left is not 10 digits.
 */
export function normalisePhone(input: string): string | null {
  let digits = input.replace(/[\s-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return TEN_DIGITS.test(digits) ? digits : null;
}

/** Only Indian mobile numbers (first digit 6-9) can receive a one-time code. */
export function isIndianMobile(phone: string): boolean {
  return INDIAN_MOBILE.test(phone);
}
