import type { I18n } from '@lingui/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  cardCallPayload,
  cardRequestPayload,
  publicPhoneCodePayload,
  type PublicCard,
} from '#common/card-api';
import type { Language } from '#common/languages';
import { textsFor } from '../../../i18n/texts';
import { HttpError } from '../../../lib/http-error';
import { cardReadsLimit } from '../../../domain/cards/card-reads';
import { acceptFormBodies } from '../../../lib/public-page/form-body';
import { guardPages } from '../../../lib/public-page/form-guard';
import type { Html } from '../../../lib/public-page/html';
import { pageLanguage, pathIn } from '../../../lib/public-page/language';
import { publicPage } from '../../../lib/public-page/layout';
import { followedRequest } from '../../../domain/requests/status-tokens';
import type { PhoneCodes } from '../../../domain/codes/phone-codes';
import { publicCards, strangerOrigin } from '../public-cards';
import { giveStrangerCookie } from '../../../domain/strangers/cookie';
import {
  callCodeView,
  callPlacedView,
  cardStatusPath,
  cardView,
  OWN_TEXT,
  statusView,
  tooManyReadsView,
  unknownCardView,
  unknownStatusView,
  type CardForm,
} from './card-views';

/** With scripts off, a status page waiting for the owner reloads itself this often. */
const STATUS_REFRESH_S = 10;

interface CardParams {
  code: string;
}

/** A form's field as text; anything else a client may post counts as absent. */
function fieldOf(body: unknown, name: string): string | undefined {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const value = fields[name];
  return typeof value === 'string' ? value : undefined;
}

function formOf(body: unknown): CardForm {
  const text = (name: string) => fieldOf(body, name);
  return { plateLast4: text('plateLast4'), templateKey: text('templateKey'), text: text('text') };
}

/** The API's payload from the form: the chosen suggestion, or the stranger's own text. */
function payloadOf(form: CardForm) {
  return form.templateKey === OWN_TEXT
    ? { plateLast4: form.plateLast4, text: form.text }
    : { plateLast4: form.plateLast4, templateKey: form.templateKey };
}

/**
 * The windscreen card's pages for the stranger who scans it, rendered here, with no account and no
 * app: `/c/{code}` (the card and its form), the form's post (the same send as the JSON API, then a
 * 303 to the status page), and `/c/{code}/sent/{statusToken}` (live with scripts, reloading without).
 */
const cardPageRoutes: FastifyPluginAsync<{ codes: PhoneCodes }> = async (app, { codes }) => {
  acceptFormBodies(app);
  const cards = publicCards(app, codes);
  const limitReads = cardReadsLimit(app);
  const { db } = app.database;

  function page(
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    content: { language: Language; title: string; body: Html; live?: boolean },
  ) {
    const path = new URL(request.url, 'http://page').pathname;
    return reply
      .code(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'accept-language')
      .send(
        publicPage({
          language: content.language,
          title: content.title,
          body: content.body,
          hrefIn: (language) => pathIn(path, language),
          refreshWithoutScript: content.live ? STATUS_REFRESH_S : undefined,
          script: content.live,
        }),
      );
  }

  interface CardPage {
    language: Language;
    i18n: I18n;
    code: string;
    card: PublicCard;
  }

  /** A page of a card: the card's 404 page when no live card has the code, else `respond`'s. */
  async function withCard(
    request: FastifyRequest<{ Params: CardParams }>,
    reply: FastifyReply,
    respond: (found: CardPage) => Promise<unknown>,
  ) {
    const language = pageLanguage(request);
    const i18n = textsFor(language);
    const { code } = request.params;
    const card = await cards.describe(code);
    if (!card) {
      return page(request, reply, 404, {
        language,
        title: i18n._('cardPage.unknownTitle'),
        body: unknownCardView(i18n),
      });
    }
    giveStrangerCookie(request, reply);
    return respond({ language, i18n, code, card });
  }

  /** Runs a form's action; a refusal it throws is shown by `refused`, with the refusal's status and headers. */
  async function refusing(
    reply: FastifyReply,
    i18n: I18n,
    refused: (statusCode: number, error: string) => unknown,
    action: () => Promise<unknown>,
  ) {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply.headers(error.headers);
      return refused(error.statusCode, error.messageIn(i18n));
    }
  }

  // Before any route reads its input: posts from other sites, control characters in the path or a field.
  guardPages(app, {
    unknownAddress(request, reply) {
      const language = pageLanguage(request);
      const i18n = textsFor(language);
      return page(request, reply, 404, {
        language,
        title: i18n._('cardPage.unknownTitle'),
        body: unknownCardView(i18n),
      });
    },
    refused: (request, reply, error) =>
      withCard(
        request as FastifyRequest<{ Params: CardParams }>,
        reply,
        async ({ language, i18n, code, card }) =>
          page(request, reply, error.statusCode, {
            language,
            title: i18n._('cardPage.title'),
            body: cardView(i18n, language, code, card, { error: error.messageIn(i18n) }),
          }),
      ),
  });

  app.get<{ Params: CardParams }>('/c/:code', async (request, reply) => {
    const language = pageLanguage(request);
    const i18n = textsFor(language);
    const tooMany = (statusCode: number, error: string) =>
      page(request, reply, statusCode, {
        language,
        title: i18n._('cardPage.tooManyTitle'),
        body: tooManyReadsView(i18n, error),
      });
    return refusing(reply, i18n, tooMany, async () => {
      await limitReads(request);
      return withCard(request, reply, async ({ language, i18n, code, card }) =>
        page(request, reply, 200, {
          language,
          title: i18n._('cardPage.title'),
          body: cardView(i18n, language, code, card),
        }),
      );
    });
  });

  app.post<{ Params: CardParams }>('/c/:code', (request, reply) =>
    withCard(request, reply, async ({ language, i18n, code, card }) => {
      const form = formOf(request.body);
      const refused = (statusCode: number, error: string) =>
        page(request, reply, statusCode, {
          language,
          title: i18n._('cardPage.title'),
          body: cardView(i18n, language, code, card, { form, error }),
        });
      const parsed = cardRequestPayload.safeParse(payloadOf(form));
      if (!parsed.success) {
        const plateWrong = parsed.error.issues.some((issue) => issue.path[0] === 'plateLast4');
        return refused(400, plateWrong ? i18n._('server.cards.wrongPlate') : i18n._('cardPage.badText'));
      }
      return refusing(reply, i18n, refused, async () => {
        const { statusToken } = await cards.send({ ...parsed.data, code, ...strangerOrigin(request) });
        return reply.redirect(pathIn(cardStatusPath(code, statusToken), language), 303);
      });
    }),
  );

  /** The call form's first step: a code to the stranger's own phone, then the form for it. */
  app.post<{ Params: CardParams }>('/c/:code/call/code', (request, reply) =>
    withCard(request, reply, async ({ language, i18n, code, card }) => {
      const refused = (statusCode: number, error: string) =>
        page(request, reply, statusCode, {
          language,
          title: i18n._('cardPage.title'),
          body: cardView(i18n, language, code, card, { error }),
        });
      const parsed = publicPhoneCodePayload.safeParse({ phone: fieldOf(request.body, 'phone') });
      if (!parsed.success) return refused(400, i18n._('cardPage.badPhone'));
      return refusing(reply, i18n, refused, async () => {
        await codes.limitCodeRequests(request);
        await cards.checkCallCouldGo(code, i18n);
        await codes.send(parsed.data.phone);
        return page(request, reply, 200, {
          language,
          title: i18n._('cardPage.callTitle'),
          body: callCodeView(i18n, language, code, card, parsed.data.phone),
        });
      });
    }),
  );

  /** The call form's second step: the code checked, the masked call placed. */
  app.post<{ Params: CardParams }>('/c/:code/call', (request, reply) =>
    withCard(request, reply, async ({ language, i18n, code, card }) => {
      const phone = fieldOf(request.body, 'phone') ?? '';
      const refused = (statusCode: number, error: string) =>
        page(request, reply, statusCode, {
          language,
          title: i18n._('cardPage.callTitle'),
          body: callCodeView(i18n, language, code, card, phone, error),
        });
      const parsed = cardCallPayload.safeParse({ phone, otp: fieldOf(request.body, 'otp') });
      if (!parsed.success) return refused(400, i18n._('server.auth.invalidCode'));
      return refusing(reply, i18n, refused, async () => {
        await cards.call({ ...parsed.data, code, ...strangerOrigin(request) }, i18n);
        return page(request, reply, 200, {
          language,
          title: i18n._('cardPage.callPlacedTitle'),
          body: callPlacedView(i18n),
        });
      });
    }),
  );

  app.get<{ Params: CardParams & { statusToken: string } }>(
    '/c/:code/sent/:statusToken',
    async (request, reply) => {
      const language = pageLanguage(request);
      const i18n = textsFor(language);
      const { statusToken } = request.params;
      const followed = await followedRequest(db, statusToken, app.deps.now());
      if (!followed) {
        return page(request, reply, 404, {
          language,
          title: i18n._('cardPage.statusGoneTitle'),
          body: unknownStatusView(i18n),
        });
      }
      return page(request, reply, 200, {
        language,
        title: i18n._('cardPage.sentTitle'),
        body: statusView(i18n, statusToken, followed),
        live: followed.status.reply === null,
      });
    },
  );
};

export default cardPageRoutes;
