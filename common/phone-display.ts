import { normalisePhone } from './phone';

/**
 * A phone number grouped the Indian way: "9847012345" → "+91 98470 12345"; anything else as it is.
 * Apart from the rules in ./phone, which the sign-in screen's first load carries without this.
 */
export function formatPhone(phone: string): string {
  const digits = normalisePhone(phone);
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}
