/**
 * The language before sign-in: the one chosen on this device, else the browser's preference
 * (Malayalam for `ml`, English otherwise). After sign-in the account's language wins.
 */
import { isLanguage, languageFromPreferences, type Language } from '#common/languages';

const STORAGE_KEY = 'language';

export function deviceLanguage(): Language {
  try {
    const chosen = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(chosen)) return chosen;
  } catch {
    // Storage blocked (private mode): fall back to the browser's preference.
  }
  return languageFromPreferences(navigator.languages);
}

export function rememberDeviceLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across reloads; the choice still applies now.
  }
}
