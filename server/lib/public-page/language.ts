import type { FastifyRequest } from 'fastify';
import { isLanguage, languageFromPreferences, type Language } from '#common/languages';
import { acceptedLanguages } from '../../i18n/request-texts';

/** The `lang` a page's URL carries (the language switch), else the browser's Accept-Language. */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = new URL(request.url, 'http://page').searchParams.get('lang');
  return isLanguage(chosen)
    ? chosen
    : languageFromPreferences(acceptedLanguages(request.headers['accept-language']));
}

/** `path` in `language`, as the switch links and the forms name it. */
export function pathIn(path: string, language: Language): string {
  return `${path}?lang=${language}`;
}
