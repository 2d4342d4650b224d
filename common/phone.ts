const TEN_DIGITS = /^\d{10}$/;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;
/** What people write between the digits of a phone number. */
const SEPARATORS = /[\s().-]/g;
/** The longest a phone box keeps: "+91 98470 12345" and its variants with more separators. */
export const TYPED_PHONE_MAX = 20;

/**
 * Accepts what people type for an Indian mobile number: spaces, hyphens, a leading +91 / 0091 / 91
 * or 0 are tolerated. Returns the bare 10 digits, or null when what is left is not 10 digits.
 */
export function normalisePhone(input: string): string | null {
  let digits = input.replace(SEPARATORS, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 14 && digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return TEN_DIGITS.test(digits) ? digits : null;
}

/**
 * What a phone box keeps while a number is typed key by key: the digits, a plus and the separators
 * people write, none dropped or cut, so "+91 98470 12345" is read whole by `normalisePhone` at the end.
 */
export function typedPhone(input: string): string {
  return input.replace(/[^\d+\s().-]/g, '').slice(0, TYPED_PHONE_MAX);
}

/** Only Indian mobile numbers (first digit 6-9) can receive a one-time code. */
export function isIndianMobile(phone: string): boolean {
  return INDIAN_MOBILE.test(phone);
}
