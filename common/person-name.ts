/**
 * The rule of account names, the same for the registration form and the API: no name that reads as
 * the service or an authority, however it is spelled, and no invisible or control characters.
 */

export type NameProblem = 'reserved' | 'invisible';

/** The API's wording of each problem; the PWA shows the same words in the reader's language. */
export const NAME_PROBLEM_MESSAGES: Record<NameProblem, string> = {
  reserved: 'must not read as Vahan Contact, the police, the MVD, an RTO, an admin or support',
  invisible: 'must not contain control, invisible or direction characters',
};

const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const MALAYALAM_LETTER = /[\u0d00-\u0d7f]/;

/** Unicode Cc and Cf: line breaks, bidi overrides and isolates, zero-width characters, U+FEFF… */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/gu;

const VIRAMA = '\u0d4d';

/**
 * Whether every control or format character is a joiner Malayalam needs inside a word: between two of
 * its letters, or a ZWJ after a virama ending a word (a chillu as older keyboards write it).
 */
function onlyMalayalamJoiners(name: string): boolean {
  for (const match of name.matchAll(CONTROL_OR_FORMAT)) {
    const char = match[0];
    const before = name[match.index - 1] ?? '';
    const after = name[match.index + 1] ?? '';
    if (char !== ZWJ && char !== ZWNJ) return false;
    const chillu = char === ZWJ && before === VIRAMA;
    if (!chillu && !(MALAYALAM_LETTER.test(before) && MALAYALAM_LETTER.test(after))) return false;
  }
  return true;
}

/**
 * Look-alikes of Latin letters, as pairs of the look-alike and the letter it reads as (Unicode's
 * confusables, UTS #39, for what matters here): Cyrillic, Greek, IPA and other Latin letters, small
 * capitals, Cherokee capitals (read before case folding, which makes them Cherokee small letters), and
 * digits and symbols written for letters. One string, so the PWA's bundle stays small.
 */
const LOOK_ALIKE_PAIRS =
  'аaвbсcԁdеeёeһhнhіiїiјjкkӏlмmпnоoрpԛqгrѕsтtцuиuѵvԝwшwхxуyзeαaβbϲcεeηnιiκkνvοoρpτtυuχxγyωwμu0o1l3e4a5s6b7t8b9g@a$s!l|l€eɑaƀbɓbƈcɗdđdɛeƒfɡgɠgɦhħhıiɩiɨiȷjƙkłlɫlɭlƚlɱmɲnɳnøoɵoƥpʠqɍrɽrʂsʈtŧtƭtʉuʋuƴyʐzƶzȥzᴀaʙbᴄcᴅdᴇeꜰfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpʀrꜱsᴛtᴜuᴠvᴡwʏyᴢzᎠdᎡrᎢtᎥiᎩyᎪaᎫjᎬeᎳwᎷmᎻhᏀgᏂhᏃzᏏbᏒrᏕsᏚsᏙvᏞlᏟcᏢpᏦkᏴb';
const LOOK_ALIKES = new Map(
  [...LOOK_ALIKE_PAIRS].flatMap((char, at, chars) =>
    at % 2 === 0 ? [[char, chars[at + 1] ?? char] as const] : [],
  ),
);

/** Atomic chillu letters, as the older encodings write them (consonant, virama, joiner). */
const CHILLU: Record<string, string> = {
  '\u0d7a': '\u0d23\u0d4d',
  '\u0d7b': '\u0d28\u0d4d',
  '\u0d7c': '\u0d30\u0d4d',
  '\u0d7d': '\u0d32\u0d4d',
  '\u0d7e': '\u0d33\u0d4d',
  '\u0d7f': '\u0d15\u0d4d',
  '\u0d54': '\u0d2e\u0d4d',
};

/**
 * One word as it reads: NFKC, Latin accents dropped, case folded, look-alikes made Latin, letters
 * often mistaken for one another made one (i and l, rn and m, vv and w), Malayalam chillus spelled
 * out, and anything that is not a letter or a digit removed.
 */
function fold(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC');
  const latin = [...plain]
    .map((char) => {
      const lower = char.toLowerCase();
      return LOOK_ALIKES.get(char) ?? LOOK_ALIKES.get(lower) ?? CHILLU[char] ?? lower;
    })
    .join('');
  return latin
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '')
    .replace(/\u0d4d/g, '')
    .replace(/i/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/**
 * The words of a name as they read; runs of single letters ("R. T. O.", "M V D") read as one word.
 * Spaces and punctuation separate words, but apostrophes do not ("D'Souza" is one word).
 */
function foldedWords(name: string): string[] {
  const words = name
    .normalize('NFKC')
    .split(/(?:(?!['’])[\s\p{P}\p{S}])+/u)
    .map(fold)
    .filter((word) => word.length > 0);
  const merged: string[] = [];
  let letters = '';
  for (const word of words) {
    if ([...word].length === 1) {
      letters += word;
      continue;
    }
    if (letters) merged.push(letters);
    letters = '';
    merged.push(word);
  }
  if (letters) merged.push(letters);
  return merged;
}

/** Words of the service and of authorities no name holds: refused wherever they appear, spaced or not. */
const RESERVED_PHRASES = [
  'Vahan Contact',
  'Vahancontact',
  'Police',
  'Motor Vehicles Department',
  'Motor Vehicle Department',
  'Department',
  'Government',
  'Parivahan',
  'E-Challan',
  'Control Room',
  'Helpdesk',
  'Helpline',
  'Customer Care',
  'Support',
  'Official',
  'വാഹൻ കോൺടാക്ട്',
  'വാഹൻ കോൺടാക്റ്റ്',
  'പോലീസ്',
  'പൊലീസ്',
  'മോട്ടോർ വാഹന വകുപ്പ്',
  'വകുപ്പ്',
  'ഗവൺമെന്റ്',
  'പരിവാഹൻ',
  'ഇ-ചലാൻ',
  'ഇ-ചെലാൻ',
  'കൺട്രോൾ റൂം',
  'ഹെൽപ്ഡെസ്ക്',
  'ഹെൽപ്പ്ഡെസ്ക്',
  'ഹെൽപ്ലൈൻ',
  'ഹെൽപ്പ്ലൈൻ',
  'കസ്റ്റമർ കെയർ',
  'സപ്പോർട്ട്',
  'ഔദ്യോഗിക',
  'ഒഫീഷ്യൽ',
].map(fold);

/**
 * Short enough to be a part of an ordinary name ("Roberto", "Badminton", "Vahanan"): refused as whole
 * words, or as a name of single letters ("R T O").
 */
const RESERVED_WORDS = [
  'MVD',
  'RTO',
  'Admin',
  'Administrator',
  'Vahan',
  'Govt',
  'Dept',
  'എംവിഡി',
  'ആർടിഒ',
  'അഡ്മിൻ',
  'വാഹൻ',
  'സർക്കാർ',
].map(fold);

function readsAsReserved(name: string): boolean {
  const compact = fold(name);
  if (RESERVED_PHRASES.some((phrase) => compact.includes(phrase))) return true;
  if (RESERVED_WORDS.includes(compact)) return true;
  return foldedWords(name).some((word) => RESERVED_WORDS.includes(word));
}

/** Why a (trimmed) name is refused, or null when it may be used. */
export function nameProblem(name: string): NameProblem | null {
  if (!onlyMalayalamJoiners(name)) return 'invisible';
  if (readsAsReserved(name)) return 'reserved';
  return null;
}

/** What others see of a hidden name: the first letter of each word, each with a dot ("A. M."). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .flatMap((word) => {
      const [first] = [...word];
      return first ? [`${first.toLocaleUpperCase()}.`] : [];
    })
    .join(' ');
}
