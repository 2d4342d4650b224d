import { normalisePhone, PHONE_LENGTH } from '#common/phone';

/**
 * What a phone box keeps of what was typed or pasted: a whole number written as +91…, 0… or with
 * spaces becomes its 10 digits; anything else keeps only its first 10 digits.
 */
export function phoneFromInput(raw: string): string {
  return normalisePhone(raw) ?? raw.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}
