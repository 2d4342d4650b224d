import { describe, expect, it } from 'vitest';
import {
  comparableText,
  contactDetailIn,
  contactDetailsProblem,
  withoutPhoneNumbers,
} from './contact-details';
import { textsByLanguage } from './i18n/texts-by-language';
import { TEMPLATE_KEYS, templateText } from './message-templates';

const textsFor = textsByLanguage({ en: {}, ml: {} });

describe('the contact-details rule', () => {
  it.each([
    'Coming, sorry!',
    'Give me 5 min',
    'At the temple till 7:30',
    'Room 101, 2nd floor',
    'from 10.30 to 11.45',
    'KL 07 12 3456 is mine, moving it now',
    'ഞാൻ ഉടൻ വരാം, ൫ മിനിറ്റ്',
    'അവന്\u200d ഇപ്പോള്\u200d വരും',
  ])('lets %j through', (text) => expect(contactDetailIn(text)).toBeNull());

  it.each([
    ['see https://x.example', 'link'],
    ['go to evil.com now', 'link'],
    ['www.something', 'link'],
    ['mail me at a.b@c', 'email'],
    ['call 98765 43210', 'phone'],
    ['call +91 (0484) 234-5678', 'phone'],
    ['call 9-8-7-6-5-4-3', 'phone'],
  ] as const)('finds in %j a %s', (text, detail) => expect(contactDetailIn(text)).toBe(detail));

  it('lets every suggested text through, in both languages, for any vehicle number', () => {
    for (const language of ['en', 'ml'] as const) {
      for (const key of TEMPLATE_KEYS) {
        expect(contactDetailIn(templateText(textsFor(language), key, 'kl07121234'))).toBeNull();
      }
    }
  });

  /**
   * Replies (common/replies.ts), notifications (notification-text.ts) and log lines each had a set of
   * their own; these are the texts on which they disagreed, and what the one rule says of each.
   */
  it.each([
    // 7 digits: a local landline number. Replies refused it; notifications needed 8 digits.
    ['call 2345678', 'phone'],
    // Any scheme: replies knew only http(s).
    ['ftp://files.example', 'link'],
    // Any top-level domain: replies knew twelve of them.
    ['see vahan-kyc.shop', 'link'],
    ['go to bit.do/x', 'link'],
    // A name written with its title and no space reads as a domain, as it did for notifications.
    ['Dr.Anu is coming', 'link'],
    // An address with no dot after the @: replies let it through.
    ['mail anu@gmail', 'email'],
    // Slashes between digits: notifications and logs let them through.
    ['call 98/76/54/32/10', 'phone'],
    ['back on 26/11/2026', 'phone'],
    // Parentheses around an area code: the log pattern missed them.
    ['call (0484) 2345678', 'phone'],
    // A vehicle number is not a phone number, wherever it is written; all three sets took its digits
    // for one when its series is digits.
    ['KL 07 12 3456 is mine', null],
  ] as const)('says of %j: %s', (text, detail) => expect(contactDetailIn(text)).toBe(detail));

  it('still finds a phone number written right after a vehicle number', () => {
    expect(contactDetailIn('KL0712345678')).toBe('phone');
  });

  it.each([
    ['commas', 'call 98,76,54,32,10'],
    ['underscores', 'call 98765_43210'],
    ['asterisks', 'call 9*8*7*6*5*4*3*2*1*0'],
    ['middle dots', 'call 98765·43210'],
    ['en dashes', 'call 98765–43210'],
    ['em dashes', 'call 98765 — 43210'],
    ['a mix of symbols', 'call 98~76|54#32=10'],
  ])('finds a phone number whose digits are separated by %s (they let it through)', (_name, text) =>
    expect(contactDetailIn(text)).toBe('phone'),
  );

  it.each([
    'call nine eight four seven one two three four five six',
    'Nine-Eight-Four-Seven-Zero-One-Two',
    'nine eight double four seven oh one',
    'ഒമ്പത് എട്ട് നാല് ഏഴ് ഒന്ന് രണ്ട് മൂന്ന്',
    'ഒൻപത്, എട്ട്, നാലു, ഏഴു, പൂജ്യം, ഒന്നു, രണ്ടു',
    'ആറ് ആറു അഞ്ചു ഏഴ് മൂന്നു പൂജ്യം ഒമ്പതു',
  ])('finds a phone number spelled out digit by digit: %j (it passed as words)', (text) =>
    expect(contactDetailIn(text)).toBe('phone'),
  );

  it.each([
    'I will be there in one or two minutes',
    'Someone is at the gate, give me five minutes',
    'Only one car, the seven seater, is blocking',
    'ഞാൻ രണ്ട് മിനിറ്റിൽ വരാം',
  ])('lets words for a few numbers through: %j', (text) => expect(contactDetailIn(text)).toBeNull());
});

describe('look-alikes do not get past the rule', () => {
  it.each([
    ['fullwidth digits', 'call ９８７６５４３２１０', 'phone'],
    ['Malayalam digits', 'call ൯൮൭൬൫൪൩൨൧൦', 'phone'],
    ['Devanagari digits', 'call ९८७६५४३२१०', 'phone'],
    ['Bengali and ASCII digits mixed', 'call ৯৮৭৬৫ 43210', 'phone'],
    ['zero-width spaces between digits', 'call 98765\u200b43210', 'phone'],
    ['a zero-width joiner inside a number', 'call 9876\u200d543210', 'phone'],
    ['a fullwidth dot', 'see evil．com', 'link'],
    ['an ideographic full stop', 'see evil。com', 'link'],
    ['a zero-width space before the dot', 'see evil\u200b.com', 'link'],
    ['a soft hyphen before the dot', 'see evil\u00ad.com', 'link'],
    ['fullwidth letters and at sign', 'write to ａｎｕ＠ｇｍａｉｌ', 'email'],
    ['a bidi isolate before the dot', 'see evil\u2066.com', 'link'],
  ] as const)('%s', (_case, text, detail) => expect(contactDetailIn(text)).toBe(detail));

  it('reads every script’s digits as ASCII digits, and drops format characters', () => {
    expect(comparableText('൦൧൨൩൪൫൬൭൮൯')).toBe('0123456789');
    expect(comparableText('०१२३४५६७८९')).toBe('0123456789');
    expect(comparableText('０１２３')).toBe('0123');
    expect(comparableText('𝟗𝟖𝟕')).toBe('987');
    expect(comparableText('a\u200bb\ufeffc\u2066d')).toBe('abcd');
  });
});

describe('contactDetailsProblem', () => {
  it('names what was found, for a 400 {message}', () => {
    expect(contactDetailsProblem('see evil.com')).toBe('must not contain a link');
    expect(contactDetailsProblem('a@b')).toBe('must not contain an e-mail address');
    expect(contactDetailsProblem('98765 43210')).toBe('must not contain a phone number');
    expect(contactDetailsProblem('Coming now')).toBeNull();
  });
});

describe('withoutPhoneNumbers (for logs)', () => {
  it('takes every phone number out of a provider’s message, and leaves the rest', () => {
    expect(withoutPhoneNumbers('Call to +91 98765 43210 from (0484) 2345678 failed: code 403')).toBe(
      'Call to [number] from ([number] failed: code 403',
    );
  });
});
