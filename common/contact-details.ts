/**
 * The contact-details rule: free text that reaches another person (a message, a notification, an
 * owner's reply) carries no link, e-mail address or phone number, so that nobody is led off the
 * service by a stranger. Server and PWA both check with this module; the server's logs use its phone
 * pattern to keep numbers out.
 */

type ContactDetail = 'link' | 'email' | 'phone';

/** A URL scheme, a `www.` address, or a domain name (`example.in`, `a.b.example.com`). */
const LINK = /[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;
const EMAIL = /[^\s@]+@[^\s@]+/;
/**
 * Seven digits or more, with any run of spaces, punctuation or symbols between them: a comma, `_`,
 * `*`, `·` or a dash of any length separates digits as well as a space does.
 */
const PHONE_DIGITS = String.raw`\+?\d(?:[\s\p{P}\p{S}]*\d){6,}`;
const PHONE = new RegExp(PHONE_DIGITS, 'u');
/**
 * Digits spelled out one by one, by value: English words, and Malayalam ones without the ending that
 * may follow them (്, ു: ഒന്ന്, ഒന്നു).
 */
const DIGIT_WORDS = [
  'zero oh പൂജ്യം',
  'one ഒന്ന',
  'two രണ്ട',
  'three മൂന്ന',
  'four നാല',
  'five അഞ്ച',
  'six ആറ',
  'seven ഏഴ',
  'eight എട്ട',
  'nine ഒമ്പത ഒൻപത',
].map((words) => words.split(' '));
const DIGIT_OF_WORD = new Map(
  DIGIT_WORDS.flatMap((words, digit) => words.map((word) => [word, String(digit)])),
);
/** A digit's word, alone (not inside a longer word), after "double" or "triple" as people say them. */
const SPELLED_DIGIT = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:(double|triple)\s+)?(${[...DIGIT_OF_WORD.keys()].join('|')})[\u0d4d\u0d41]?(?![\p{L}\p{M}])`,
  'giu',
);
/** A vehicle number (SPEC §5) in any case, spaced or hyphenated: its digits are not a phone number. */
const VEHICLE_NUMBER = /(?<![a-z0-9])[a-z]{2}[\s-]*\d{2}[\s-]*[a-z0-9]{1,2}[\s-]*\d{4}(?!\d)/gi;
/** Full stops that browsers also take as the dot of a domain name (IDNA). */
const IDEOGRAPHIC_FULL_STOPS = /[\u3002\uff61]/g;
const FORMAT_CHARACTERS = /\p{Cf}/gu;
const DECIMAL_DIGIT = /\p{Nd}/gu;
const IS_DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * The value of a decimal digit of any script (Malayalam ൧ is 1): Unicode encodes each script's digits
 * as a run of 0 to 9, and adjacent runs (mathematical digits) come in whole tens.
 */
function digitValue(digit: string): string {
  const codePoint = digit.codePointAt(0) ?? 0;
  let start = codePoint;
  while (IS_DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((codePoint - start) % 10);
}

/**
 * The text as the rule reads it, so that look-alikes do not slip past: compatibility forms folded
 * (NFKC: fullwidth letters, digits, dots and at signs), the digits of every script as ASCII digits,
 * and invisible format characters (zero-width spaces and joiners, bidi controls) removed.
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(FORMAT_CHARACTERS, '')
    .replace(IDEOGRAPHIC_FULL_STOPS, '.')
    .replace(DECIMAL_DIGIT, digitValue);
}

/** `text` with digits spelled out word by word ("nine eight", "ഒമ്പത് എട്ട്") written as digits. */
function withSpelledDigits(text: string): string {
  return text.replace(SPELLED_DIGIT, (_match, repeat: string | undefined, word: string) =>
    (DIGIT_OF_WORD.get(word.toLowerCase()) ?? '').repeat(
      repeat?.toLowerCase() === 'triple' ? 3 : repeat ? 2 : 1,
    ),
  );
}

/** The first kind of contact detail `text` carries, or null when it carries none. */
export function contactDetailIn(text: string): ContactDetail | null {
  const comparable = comparableText(text);
  if (LINK.test(comparable)) return 'link';
  if (EMAIL.test(comparable)) return 'email';
  if (PHONE.test(withSpelledDigits(comparable.replace(VEHICLE_NUMBER, ' ')))) return 'phone';
  return null;
}

/** Why free text for another person is refused (for a 400 `{message}`), or null when it may go. */
export function contactDetailsProblem(text: string): string | null {
  switch (contactDetailIn(text)) {
    case 'link':
      return 'must not contain a link';
    case 'email':
      return 'must not contain an e-mail address';
    case 'phone':
      return 'must not contain a phone number';
    case null:
      return null;
  }
}

/** `text` with every phone number replaced by `[number]`, for a log line. */
export const withoutPhoneNumbers = (text: string) => text.replace(new RegExp(PHONE_DIGITS, 'gu'), '[number]');
