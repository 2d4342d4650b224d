import { isIndianMobile, normalisePhone, typedPhone } from '#common/phone';
import type { BackFromCodeScreen } from './code-screen';

/** What a phone box keeps of what was typed or pasted: every digit, a plus and the separators, none cut. */
export const phoneFromInput = typedPhone;

/** The 10 digits of an Indian mobile number typed any way people write it, or null. */
export function mobileFromInput(raw: string): string | null {
  const phone = normalisePhone(raw);
  return phone && isIndianMobile(phone) ? phone : null;
}

/** The number the code screen gave back in the history entry's state, to fill the phone box with. */
export function keptPhoneOf(state: unknown): string {
  const kept = (state as Partial<BackFromCodeScreen> | null)?.phone;
  return typeof kept === 'string' ? kept : '';
}
