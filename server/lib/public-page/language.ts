import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, languageFromPreferences, type Language } from '#common/languages';
import { acceptedLanguages } from '../../i18n/request-texts';
import { cookieOf, setYearLongCookie } from '../cookies';

/** The language last picked with a page's switch, kept by the browser so that the next card or slip opens in it. */
export const PAGE_LANGUAGE_COOKIE = 'vahan_lang';

const chosenIn = (request: FastifyRequest) => new URL(request.url, 'http://page').searchParams.get('lang');

const rememberedIn = (request: FastifyRequest) => cookieOf(request, PAGE_LANGUAGE_COOKIE);

/**
 * The `lang` a page's URL carries (the language switch), else the one the browser remembers from an
 * earlier switch, else the browser's Accept-Language.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = chosenIn(request);
  if (isLanguage(chosen)) return chosen;
  const remembered = rememberedIn(request);
  return isLanguage(remembered)
    ? remembered
    : languageFromPreferences(acceptedLanguages(request.headers['accept-language']));
}

/** The pages of `scope` remember a language picked with their switch (`?lang=`), in a cookie for a year. */
export function rememberPageLanguage(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request, reply) => {
    const chosen = chosenIn(request);
    if (!isLanguage(chosen) || rememberedIn(request) === chosen) return;
    setYearLongCookie(request, reply, PAGE_LANGUAGE_COOKIE, chosen);
  });
}

/** `path` in `language`, as the switch links and the forms name it. */
export function pathIn(path: string, language: Language): string {
  return `${path}?lang=${language}`;
}
