/**
 * The PWA's texts: every one is `i18n._('id')`, looked up in the catalogue of the active
 * language. The catalogue has two parts: the first load of /login carries English's first part only;
 * the signed-in part comes with the signed-in shell, and Malayalam only when it is chosen.
 */
import { i18n, type Messages } from '@lingui/core';
import type { Language } from '#common/languages';
import { messages as englishFirst } from './locales/en';

type Part = 'first' | 'signedIn';

/** The signed-in screens' own texts and those of common/ they show. */
const signedIn = (parts: { messages: Messages }[]): Messages =>
  Object.assign({}, ...parts.map((part) => part.messages)) as Messages;

const catalogues: Record<Language, Record<Part, () => Promise<Messages>>> = {
  en: {
    first: () => Promise.resolve(englishFirst),
    signedIn: async () =>
      signedIn(await Promise.all([import('./signed-in/en'), import('#common/i18n/locales/en')])),
  },
  ml: {
    first: async () => (await import('./locales/ml')).messages,
    signedIn: async () =>
      signedIn(await Promise.all([import('./signed-in/ml'), import('#common/i18n/locales/ml')])),
  },
};

const wanted = new Set<Part>(['first']);
const loaded = new Set<string>(['en:first']);
i18n.loadAndActivate({ locale: 'en', messages: englishFirst });

async function loadParts(language: Language): Promise<void> {
  await Promise.all(
    [...wanted].map(async (part) => {
      const key = `${language}:${part}`;
      if (loaded.has(key)) return;
      i18n.load(language, await catalogues[language][part]());
      loaded.add(key);
    }),
  );
}

/** The texts in `language`: its catalogue is loaded first, then every text re-renders at once. */
export async function loadLanguage(language: Language): Promise<void> {
  await loadParts(language);
  if (i18n.locale !== language) i18n.activate(language);
}

/** Shows the app in `language`, the page's own language attribute with it. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  document.documentElement.lang = language;
}

/** The signed-in screens' texts, in the active language; the signed-in shell waits for them. */
export async function loadSignedInTexts(): Promise<void> {
  wanted.add('signedIn');
  await loadParts(activeLanguage());
}

export function activeLanguage(): Language {
  return i18n.locale === 'ml' ? 'ml' : 'en';
}

export { i18n };
