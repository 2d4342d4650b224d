import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, type HttpError } from '../http-error';
import { controlCharacterAt } from '../validation';
import { rememberPageLanguage } from './language';

/** How a page scope answers what the guard refuses, in its own page. */
export interface GuardedPages {
  /** A control character in the path: it can name no card, slip or token. */
  unknownAddress(request: FastifyRequest, reply: FastifyReply): unknown;
  /** A refused form or query: the page with its form again, answered with `error`'s status and text. */
  refused(request: FastifyRequest, reply: FastifyReply, error: HttpError): unknown;
}

/**
 * A post another site's page made a visitor's browser send: the browser says so (`Sec-Fetch-Site`), or
 * its `Origin` is not this site's. Under `Referrer-Policy: no-referrer` browsers send `Origin: null`
 * even from our own pages; then only `Sec-Fetch-Site: same-origin` vouches for it. A client that sends
 * neither header (no browser) is not a browser tricked.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === 'null') return site !== 'same-origin';
  return origin !== undefined && origin !== publicOrigin;
}

/** A textarea's line breaks arrive as CR LF: they become LF; a CR left over is a control character. */
function withLineFeeds(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = Object.entries(body as Record<string, unknown>).map(([name, value]) => [
    name,
    typeof value === 'string' ? value.replaceAll('\r\n', '\n') : value,
  ]);
  return Object.fromEntries(fields);
}

const hasCarriageReturn = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Object.values(body).some((value) => typeof value === 'string' && value.includes('\r'));

/**
 * Guards the pages of `scope` (an encapsulated plugin) before any route reads its input: a post from
 * another site answers 403, and a control character in the path, the query or a form field answers
 * 400 (404 in the path), as the JSON API refuses them, so none reaches the database or a stored text.
 * The pages also remember the language picked with their switch.
 */
export function guardPages(scope: FastifyInstance, pages: GuardedPages) {
  rememberPageLanguage(scope);
  scope.addHook('preValidation', async (request, reply) => {
    if (controlCharacterAt(request.params)) return pages.unknownAddress(request, reply);
    if (request.method === 'POST' && isCrossSite(request, scope.config.publicOrigin)) {
      return pages.refused(
        request,
        reply,
        forbidden((i18n) => i18n._('server.forms.crossSite')),
      );
    }
    request.body = withLineFeeds(request.body);
    if (controlCharacterAt([request.query, request.body]) || hasCarriageReturn(request.body)) {
      return pages.refused(
        request,
        reply,
        badRequest((i18n) => i18n._('server.forms.controlCharacters')),
      );
    }
  });
}
