/** The PWA's texts in a language, from the compiled catalogues: tests find elements by what a reader sees. */
import { setupI18n, type I18n } from '@lingui/core';
import { messages as commonEnglish } from '#common/i18n/locales/en';
import { messages as commonMalayalam } from '#common/i18n/locales/ml';
import type { Language } from '#common/languages';
import { messages as firstEnglish } from '../../src/i18n/locales/en';
import { messages as firstMalayalam } from '../../src/i18n/locales/ml';
import { messages as signedInEnglish } from '../../src/i18n/signed-in/en';
import { messages as signedInMalayalam } from '../../src/i18n/signed-in/ml';

const catalogues = {
  en: [firstEnglish, signedInEnglish, commonEnglish],
  ml: [firstMalayalam, signedInMalayalam, commonMalayalam],
};

export function pwaTexts(language: Language): I18n {
  return setupI18n({
    locale: language,
    messages: { [language]: Object.assign({}, ...catalogues[language]) },
  });
}
