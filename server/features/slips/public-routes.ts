import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { emptyObject } from '#common/api';
import type { Language } from '#common/languages';
import type { ReplyKind } from '#common/replies';
import { slipPath } from '#common/slip-code';
import {
  publicSlip,
  slipCodeParams,
  slipReplyPayload,
  slipReplyResponse,
  type PublicSlip,
} from '#common/slips-api';
import { textsFor } from '../../i18n/texts';
import { requestLanguage } from '../../i18n/request-texts';
import { clientAddressKey } from '../../lib/client-address';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { guardPages } from '../../lib/public-page/form-guard';
import { pageLanguage } from '../../lib/public-page/language';
import { contentFor } from '../../domain/requests/request-texts';
import { replyOf } from '../../domain/requests/sender-view';
import { recordSlipReply, slipByCode } from './repository';
import { slipPageHtml } from './page';
import { DAY_MS } from '#common/durations';

const pageQuery = z.strictObject({ lang: z.optional(z.string().check(z.maxLength(10))) });

/**
 * The reader's side of wiper slips, for whoever finds one under their wiper: no account, no app.
 * `GET /api/public/slips/{code}` and its answer, and the page `/s/{code}` that needs no script.
 * Every request counts against its client address.
 */
const publicSlipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const now = () => app.deps.now();
  const readableSince = () => new Date(now().getTime() - app.config.slipReadableDays * DAY_MS);

  const addressLimit = app.createRateLimit({
    max: app.config.slipRequestsPerAddressMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `slips:${clientAddressKey(request.ip)}`,
  });
  const limitAddress = async (request: FastifyRequest) => {
    const limit = await addressLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests((i18n) => i18n._('server.slips.tooMany'), limit.ttlInSeconds);
    }
  };
  const limited = { onRequest: limitAddress };

  /** What the reader sees, in their language; undefined for an unknown or expired slip. */
  async function readSlip(code: string, language: Language): Promise<PublicSlip | undefined> {
    const found = await slipByCode(db, code);
    if (!found) return undefined;
    const { slip, note } = found;
    if (!slip.attachedAt || !note?.vehicleNumber) return slip.attachedAt ? undefined : { used: false };
    if (slip.attachedAt <= readableSince()) return undefined;
    return {
      used: true,
      vehicleNumber: note.vehicleNumber.toUpperCase(),
      text: contentFor(note, textsFor(language)),
      sentAt: note.sentAt.toISOString(),
      reply: replyOf(note),
    };
  }

  /**
   * Records the one answer and tells the slip's maker at once, as an answer from the bell does.
   * Resolves with the answer, or why there is none.
   */
  async function answer(code: string, kind: ReplyKind) {
    const outcome = await recordSlipReply(db, code, kind, readableSince(), now());
    if (outcome.kind !== 'answered') return outcome.kind;
    app.requestLifecycle.tellSender(outcome.changed, { answered: true });
    return { kind, at: now().toISOString() };
  }

  app.get(
    '/api/public/slips/:code',
    {
      ...limited,
      schema: { params: slipCodeParams, querystring: emptyObject, response: { 200: publicSlip } },
    },
    async (request) => {
      const slip = await readSlip(request.params.code, requestLanguage(request));
      if (!slip) throw notFound((i18n) => i18n._('server.slips.notFound'));
      return slip;
    },
  );

  app.post(
    '/api/public/slips/:code/reply',
    {
      ...limited,
      schema: { params: slipCodeParams, body: slipReplyPayload, response: { 201: slipReplyResponse } },
    },
    async (request, reply) => {
      const answered = await answer(request.params.code, request.body.kind);
      if (answered === 'not_found') throw notFound((i18n) => i18n._('server.slips.notFound'));
      if (answered === 'already_answered') throw conflict((i18n) => i18n._('server.slips.alreadyAnswered'));
      return reply.code(201).send(answered);
    },
  );

  /** The slip's page (a refused form's with `statusCode`), or the page saying there is no such slip. */
  async function sendPage(reply: FastifyReply, language: Language, code: string | null, statusCode = 200) {
    const slip = code ? await readSlip(code, language) : undefined;
    const content = code && slip ? { kind: 'slip' as const, code, slip } : { kind: 'not_found' as const };
    return reply
      .code(content.kind === 'slip' ? statusCode : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-language', language)
      .send(slipPageHtml(textsFor(language), content, language, now()));
  }

  // The pages, with the one body they read: a plain HTML form posting its answer.
  const slipPages: FastifyPluginAsyncZod = async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const pageParams = z.strictObject({ code: z.string().check(z.maxLength(20)) });
    const readCode = (typed: string) => {
      const parsed = slipCodeParams.safeParse({ code: typed });
      return parsed.success ? parsed.data.code : null;
    };
    // Before the schemas: posts from other sites, control characters in the path, the query or the form.
    guardPages(pages, {
      unknownAddress: (request, reply) => sendPage(reply, pageLanguage(request), null),
      refused: (request, reply, error) => {
        const { code } = request.params as { code: string };
        return sendPage(reply, pageLanguage(request), readCode(code), error.statusCode);
      },
    });

    pages.get(
      '/s/:code',
      { ...limited, schema: { params: pageParams, querystring: pageQuery } },
      async (request, reply) => sendPage(reply, pageLanguage(request), readCode(request.params.code)),
    );

    pages.post(
      '/s/:code',
      { ...limited, schema: { params: pageParams, querystring: pageQuery, body: slipReplyPayload } },
      async (request, reply) => {
        const language = pageLanguage(request);
        const code = readCode(request.params.code);
        // A second tap (or a second reader) finds the answer already given: the page shows it.
        if (!code || (await answer(code, request.body.kind)) === 'not_found') {
          return sendPage(reply, language, null);
        }
        return reply.redirect(`${slipPath(code)}?lang=${language}`, 303);
      },
    );
  };
  await app.register(slipPages);
};

export default publicSlipRoutes;
