import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { badRequest, forbidden, notFound } from '../../../lib/http-error';
import { placedCall, type PlacedCall } from './repository';
import { greetingText, replyOfDigits } from './texts';

/**
 * What Exotel's applets send (query string, or a form for a POST): our secret, and of Exotel's own
 * parameters the call's id, the request (`CustomField`) and the keys pressed (`digits`, in quotes);
 * Exotel adds others, which are ignored.
 */
const exotelParameters = z.looseObject({
  secret: z.optional(z.string()),
  CallSid: z.optional(z.string().check(z.maxLength(100))),
  CustomField: z.optional(z.string().check(z.maxLength(100))),
  digits: z.optional(z.string().check(z.maxLength(20))),
});
type ExotelParameters = z.infer<typeof exotelParameters>;

const plainText = z.string();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The webhooks of the fallback call's flow in Exotel (docs/fallback-ladder.md): the greeting it reads
 * out, and the key the owner pressed, recorded as their answer like one from the bell. Both need
 * `secret=EXOTEL_WEBHOOK_SECRET` and act only on a call this server placed for that request.
 */
const exotelWebhooks: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const secret = app.config.fallback.callFlow?.webhookSecret;

  // Exotel's Passthru applet may POST its parameters as a form; only these routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function callOf(parameters: ExotelParameters): Promise<PlacedCall & { requestId: string }> {
    const given = parameters.secret;
    if (!secret || given === undefined || !timingSafeEqual(digest(given), digest(secret))) {
      throw forbidden((i18n) => i18n._('server.fallback.wrongSecret'));
    }
    const { CallSid: callSid, CustomField: requestId } = parameters;
    const call =
      callSid && requestId && UUID.test(requestId) ? await placedCall(db, requestId, callSid) : null;
    if (!call || !requestId) throw notFound((i18n) => i18n._('server.fallback.unknownCall'));
    return { ...call, requestId };
  }

  app.get(
    '/greeting',
    { schema: { querystring: exotelParameters, response: { 200: plainText } } },
    async (request, reply) => {
      const call = await callOf(request.query);
      return reply.type('text/plain; charset=utf-8').send(greetingText(call.language, call.plate));
    },
  );

  async function answer(parameters: ExotelParameters): Promise<string> {
    const call = await callOf(parameters);
    const kind = replyOfDigits(parameters.digits);
    if (!kind) throw badRequest((i18n) => i18n._('server.fallback.noSuchKey'));
    // Answered before (from the bell, or by a repeat of this webhook): nothing changes.
    await app.requestLifecycle.answer(call.receiverId, call.requestId, { kind });
    return 'OK';
  }

  app.get(
    '/answer',
    { schema: { querystring: exotelParameters, response: { 200: plainText } } },
    async (request, reply) => reply.type('text/plain; charset=utf-8').send(await answer(request.query)),
  );

  app.post(
    '/answer',
    { schema: { querystring: exotelParameters, body: exotelParameters, response: { 200: plainText } } },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await answer({ ...request.query, ...request.body, secret: request.query.secret })),
  );
};

export default exotelWebhooks;
