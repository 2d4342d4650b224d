/** The language of the server's answers: the signed-in user's, else the request's Accept-Language. */
import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromPreferences } from '#common/languages';
import { textsFor } from './texts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The server's texts in the language of whoever asked (read after `authenticate` for a user's). */
    readonly i18n: I18n;
  }
}

/** The languages of an Accept-Language header, most preferred first (`ml-IN,ml;q=0.9,en;q=0.8`). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => tag && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

export function requestLanguage(request: FastifyRequest) {
  return (
    request.authUser?.language ??
    languageFromPreferences(acceptedLanguages(request.headers['accept-language']))
  );
}

export default fp(
  async function requestTexts(app: FastifyInstance) {
    app.decorateRequest('i18n', {
      getter(this: FastifyRequest) {
        return textsFor(requestLanguage(this));
      },
    });
  },
  { name: 'request-texts', dependencies: ['auth'] },
);
