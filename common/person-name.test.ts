import { describe, expect, it } from 'vitest';
import { initialsOf, nameProblem } from './person-name';

describe('nameProblem', () => {
  it.each([
    'Anil Mathew',
    'Anjali Menon',
    'Roberto Dsouza',
    'Badminton Club Kochi',
    'Motor Mechanic Ravi',
    'Sr. Mary',
    "Anu O'Brien",
    "M. V. D'Souza",
    'K. R. T. Oommen',
    'അനിൽ മാത്യു',
    'സുരേഷ് കുമാർ',
    // ZWJ and ZWNJ between Malayalam letters, as older keyboards write chillus and conjuncts.
    'അനി\u0d32\u0d4d\u200d',
    'ക\u0d4d\u200dഷ\u0d47\u0d24\u0d4d\u0d30\u0d02',
    'സ\u0d4d\u200cക\u0d42\u0d33\u0d4d',
  ])('lets %j be a name', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    'Vahan Contact',
    'vahan contact',
    'VAHAN CONTACT',
    'VahanContact',
    'Vahan-Contact',
    'V a h a n  C o n t a c t',
    'Vahan Contact Team',
    'The Vahan Contact',
    'Vahan Cοntact', // Greek omicron
    'Vаhаn Соntасt', // Cyrillic a, o, c, С
    'Vah4n C0ntact',
    'Ｖａｈａｎ　Ｃｏｎｔａｃｔ', // fullwidth
    'Vähan Cóntact',
    'Kerala Police',
    'KERALA POLICE',
    'Kera1a Po1ice',
    'Kerala.Police',
    'MVD',
    'M.V.D.',
    'm v d',
    'MVD Ernakulam',
    'Motor Vehicles Department',
    'Motor Vehicle Department Kerala',
    'RTO',
    'R.T.O',
    'RTO Kochi',
    'Admin',
    'ADMIN',
    'Adm1n',
    'Adrnin',
    'The Admin',
    'Support',
    'Customer Support',
    'Supp0rt',
    'കേരള പോലീസ്',
    'കേരളപോലീസ്',
    'കേരള  പോലീസ് കൊച്ചി',
    'വാഹൻ കോൺടാക്റ്റ്',
    'വാഹ\u0d28\u0d4d\u200d കോ\u0d23\u0d4d\u200dടാക്റ്റ്', // chillus written with virama and ZWJ
    'മോട്ടോർ വാഹന വകുപ്പ്',
    'ആർടിഒ',
  ])('refuses %j as reading as the service or an authority', (name) => {
    expect(nameProblem(name)).toBe('reserved');
  });

  it.each([
    ['a right-to-left override', 'Anil\u202ewehtaM'],
    ['a first-strong isolate', 'Anil \u2068Mathew\u2069'],
    ['a zero-width space', 'Vahan\u200bContact'],
    ['a byte-order mark', '\ufeffAnil'],
    ['a zero-width joiner between Latin letters', 'An\u200dil'],
    ['a zero-width non-joiner at the end of a Malayalam word', 'അനിൽ\u200c'],
    ['a line break', 'Anil\nMathew'],
    ['a carriage return', 'Anil\rMathew'],
    ['a NUL', 'Anil\u0000'],
    ['a tab', 'Anil\tMathew'],
    ['a soft hyphen', 'Ani\u00adl'],
  ])('refuses a name with %s', (_what, name) => {
    expect(nameProblem(name)).toBe('invisible');
  });

  it.each([
    ['Latin alpha (U+0251)', 'ɑdmin'],
    ['Latin alpha and script g', 'Vɑhɑn Contɑct'],
    ['small capitals', 'ᴀᴅᴍɪɴ'],
    ['small capitals in a phrase', 'ᴋᴇʀᴀʟᴀ ᴘᴏʟɪᴄᴇ'],
    ['Cherokee capitals', 'ᎪᎠMIN'],
    ['Cherokee capitals for R and T', 'ᎡᎢO'],
    ['Cherokee look-alikes in a phrase', 'ᏚUᏢᏢORᎢ'],
    ['IPA letters', 'ʂuppoɽʈ'],
    ['a dotless i', 'Admın'],
  ])(
    'refuses a name written with %s, folded as the confusables skeleton folds them (they passed)',
    (_what, name) => {
      expect(nameProblem(name)).toBe('reserved');
    },
  );

  it.each([
    'Police',
    'Traffic Police',
    'TrafficPolice',
    'traffic  police',
    'Control Room',
    'ControlRoom',
    'Govt',
    'Govt.',
    'Government',
    'Kerala Government',
    'Dept',
    'Dept.',
    'Department',
    'Parivahan',
    'Vahan',
    'VAHAN',
    'V a h a n',
    'Vahan Kerala',
    'e-Challan',
    'E Challan',
    'echallan',
    'RTO',
    'R T O',
    'MVD',
    'Helpdesk',
    'Help Desk',
    'Helpline',
    'HELP LINE',
    'Customer Care',
    'CustomerCare',
    'Support',
    'Admin',
    'Official',
    'Official Account',
    'പോലീസ്',
    'ട്രാഫിക് പോലീസ്',
    'കൺട്രോൾ റൂം',
    'സർക്കാർ',
    'ഗവൺമെന്റ്',
    'വകുപ്പ്',
    'പരിവാഹൻ',
    'വാഹൻ',
    'ഇ-ചലാൻ',
    'ആർടിഒ',
    'എംവിഡി',
    'ഹെൽപ്ലൈൻ',
    'ഹെൽപ്ഡെസ്ക്',
    'കസ്റ്റമർ കെയർ',
    'സപ്പോർട്ട്',
    'അഡ്മിൻ',
    'ഒഫീഷ്യൽ',
  ])('refuses %j, a word of an authority or of the service (it passed)', (name) => {
    expect(nameProblem(name)).toBe('reserved');
  });

  it.each([
    'Supriya',
    'Supriya Nair',
    'Vahanan',
    'Vahanan Pillai',
    'Roberto',
    'Badminton Club',
    'Ravi Deptford',
    'Helen Lineker',
    'Adminta Joseph',
    'Gouri Govind',
    'Polly Cecil',
    'Ajith Kumar',
    'സുപ്രിയ',
    'വാഹനൻ',
    'ദേവിക രാജൻ',
  ])('lets %j be a name: the letters or words are only part of a longer word', (name) => {
    expect(nameProblem(name)).toBeNull();
  });
});

describe('initialsOf', () => {
  it('is the first letter of each word, each followed by a dot', () => {
    expect(initialsOf('Anil Mathew')).toBe('A. M.');
  });

  it('capitalises, and ignores extra spaces', () => {
    expect(initialsOf('  anil   k  mathew ')).toBe('A. K. M.');
  });

  it('takes the first letter of a Malayalam word', () => {
    expect(initialsOf('അനിൽ മാത്യു')).toBe('അ. മ.');
  });
});
