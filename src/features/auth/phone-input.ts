import { isIndianMobile, normalisePhone, typedPhone } from '#common/phone';

/** What a phone box keeps of what was typed or pasted: every digit, a plus and the separators, none cut. */
export const phoneFromInput = typedPhone;

/** The 10 digits of an Indian mobile number typed any way people write it, or null. */
export function mobileFromInput(raw: string): string | null {
  const phone = normalisePhone(raw);
  return phone && isIndianMobile(phone) ? phone : null;
}
