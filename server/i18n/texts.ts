/** The server's texts in each language: what each reader receives is in their own. */
import { textsByLanguage } from '#common/i18n/texts-by-language';
import { messages as english } from './locales/en';
import { messages as malayalam } from './locales/ml';

export const textsFor = textsByLanguage({ en: english, ml: malayalam });
