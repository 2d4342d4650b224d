import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Language } from '../languages';
import { messages as commonEnglish } from './locales/en';
import { messages as commonMalayalam } from './locales/ml';

const commonCatalogues: Record<Language, Messages> = { en: commonEnglish, ml: commonMalayalam };

/**
 * One Lingui instance per language, with a program's own catalogue and common/'s (templates,
 * replies), for code that writes to several readers at once: the server and the service worker.
 */
export function textsByLanguage(own: Record<Language, Messages>): (language: Language) => I18n {
  const instances = new Map<Language, I18n>();
  return (language) => {
    let instance = instances.get(language);
    if (!instance) {
      const messages = { ...commonCatalogues[language], ...own[language] };
      instance = setupI18n({ locale: language, messages: { [language]: messages } });
      instances.set(language, instance);
    }
    return instance;
  };
}
