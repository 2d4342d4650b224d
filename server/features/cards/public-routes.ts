import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '#common/api';
import type { Language } from '#common/languages';
import {
  cardCallPayload,
  cardCodeParams,
  cardRequestCreated,
  cardRequestPayload,
  publicCard,
  publicPhoneCodePayload,
} from '#common/card-api';
import { textsFor } from '../../i18n/texts';
import { HttpError, notFound } from '../../lib/http-error';
import { cardReadsLimit } from '../../domain/cards/card-reads';
import type { PhoneCodes } from '../../domain/codes/phone-codes';
import { publicCards, strangerOrigin } from './public-cards';

/** The stranger's JSON API of a windscreen card: no account, no session. */
const cardPublicRoutes: FastifyPluginAsyncZod<{ codes: PhoneCodes }> = async (app, { codes }) => {
  const cards = publicCards(app, codes);
  const limitReads = cardReadsLimit(app);

  app.get(
    '/cards/:code',
    { onRequest: limitReads, schema: { params: cardCodeParams, response: { 200: publicCard } } },
    async (request) => {
      const described = await cards.describe(request.params.code);
      if (!described) throw notFound((i18n) => i18n._('server.cards.notFound'));
      return described;
    },
  );

  app.post(
    '/cards/:code/requests',
    { schema: { params: cardCodeParams, body: cardRequestPayload, response: { 201: cardRequestCreated } } },
    async (request, reply) => {
      const { language, ...body } = request.body;
      const created = await inPageLanguage(language, () =>
        cards.send({ ...body, code: request.params.code, ...strangerOrigin(request) }),
      );
      return reply.code(201).send(created);
    },
  );

  /**
   * A one-time code to a stranger's own phone before a call from a card, under strangers' own code
   * budgets; with `card`, only when a call through it could go now (409 and no code otherwise).
   */
  app.post(
    '/phone/code',
    {
      onRequest: codes.limitCodeRequests,
      schema: { body: publicPhoneCodePayload, response: { 200: messageResponse } },
    },
    async (request) => {
      const { phone, card } = request.body;
      if (card !== undefined) await cards.checkCallCouldGo(card, request.i18n);
      await codes.send(phone);
      return { message: request.i18n._('server.auth.codeSent') };
    },
  );

  app.post(
    '/cards/:code/call',
    { schema: { params: cardCodeParams, body: cardCallPayload, response: { 202: messageResponse } } },
    async (request, reply) => {
      const { language, ...body } = request.body;
      const i18n = language ? textsFor(language) : request.i18n;
      await inPageLanguage(language, () =>
        cards.call({ ...body, code: request.params.code, ...strangerOrigin(request) }, i18n),
      );
      return reply.code(202).send({ message: i18n._('server.calls.placed') });
    },
  );
};

export default cardPublicRoutes;

/** Runs `action`, writing a refusal in the page's own language: its switch wins over Accept-Language. */
async function inPageLanguage<T>(language: Language | undefined, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof HttpError) || !language) throw error;
    const message = error.messageIn(textsFor(language));
    throw new HttpError(error.statusCode, () => message, error.headers);
  }
}
