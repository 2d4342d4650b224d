import type { Language } from '#common/languages';
import { REPLY_KINDS, replyLabel, type ReplyKind } from '#common/replies';
import { textsFor } from '../../../i18n/texts';

/**
 * The languages the provider's text-to-speech speaks: Exotel's greeting reads English; a receiver whose
 * language it cannot speak hears English.
 */
const SPOKEN_LANGUAGES: readonly Language[] = ['en'];

/** The fallback SMS: no sender, no free text, no link. */
export function noticeText(language: Language, plate: string | null): string {
  const i18n = textsFor(language);
  return plate ? i18n._('server.fallback.sms', { plate }) : i18n._('server.fallback.smsWithoutPlate');
}

/** "KL07AB1234" read out character by character: "K L 0 7 A B 1 2 3 4". */
const spelledOut = (plate: string) => [...plate].join(' ');

/** What the automatic call says, then the answers on the keypad: 1 Coming now … 5 Not my vehicle. */
export function greetingText(language: Language, plate: string | null): string {
  const i18n = textsFor(SPOKEN_LANGUAGES.includes(language) ? language : 'en');
  const greeting = plate
    ? i18n._('server.fallback.greeting', { plate: spelledOut(plate) })
    : i18n._('server.fallback.greetingWithoutPlate');
  const keys = REPLY_KINDS.map((kind, index) =>
    i18n._('server.fallback.pressKey', { digit: index + 1, label: replyLabel(i18n, kind) }),
  );
  return [greeting, ...keys].join(' ');
}

/** The answer a key pressed on the call means; Exotel sends the digits in quotes (`"3"`). */
export function replyOfDigits(digits: string | undefined): ReplyKind | null {
  const digit = /^\s*"?\s*([1-9])\s*"?\s*$/.exec(digits ?? '')?.[1];
  return digit ? (REPLY_KINDS[Number(digit) - 1] ?? null) : null;
}
