/** The service worker's texts in each language: its notifications speak the user's. */
import { textsByLanguage } from '#common/i18n/texts-by-language';
import { messages as english } from './locales/en';
import { messages as malayalam } from './locales/ml';

export const textsFor = textsByLanguage({ en: english, ml: malayalam });
