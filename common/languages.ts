/** The languages of the app: English as SPEC.md writes it, and Malayalam. */
export const LANGUAGES = ['en', 'ml'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Malayalam when the first preference that names one of ours is Malayalam (`ml`, `ml-IN`), else English. */
export function languageFromPreferences(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const primary = preference.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
