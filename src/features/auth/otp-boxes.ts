import { OTP_LENGTH } from '#common/limits';

export type OtpDigits = string[];

export const emptyOtp = (): OtpDigits => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Applies what arrived in box `index` (typing, autofill or paste): only digits count; a whole code
 * fills every box from the first; otherwise the digits fill boxes from `index` on. Returns the new
 * boxes and the box to focus next (null: stay).
 */
export function enterDigits(
  boxes: OtpDigits,
  index: number,
  text: string,
): { boxes: OtpDigits; focus: number | null } {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return { boxes, focus: null };
  const start = digits.length >= OTP_LENGTH ? 0 : index;
  const next = [...boxes];
  const used = digits.slice(0, OTP_LENGTH - start);
  [...used].forEach((digit, offset) => {
    next[start + offset] = digit;
  });
  const last = start + used.length - 1;
  return { boxes: next, focus: Math.min(last + 1, OTP_LENGTH - 1) };
}
