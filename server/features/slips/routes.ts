import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentRequest, emptyObject } from '#common/api';
import { slipPath } from '#common/slip-code';
import { attachSlipPayload, createSlipsPayload, createdSlips, slipCodeParams } from '#common/slips-api';
import { conflict, notFound } from '../../lib/http-error';
import { isAttached } from '../../domain/slips/slip-notes';
import { toSentRequest } from '../../domain/requests/sender-view';
import { currentUser } from '../../plugins/auth';
import { attachNote, createSlips, unusedSlipCodes } from './repository';
import { slipSheetPdf } from './sheet-pdf';

/** Unattached slips one user may hold: three sheets. */
export const MAX_UNUSED_SLIPS = 24;

/** The address a slip's QR code opens: on the site's configured origin, whatever Host the request named. */
export const slipUrl = (request: FastifyRequest, code: string) =>
  `${request.server.config.publicOrigin}${slipPath(code)}`;

/** The maker's side of wiper slips: print a sheet, attach a note to one. */
const slipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/slips',
    { ...signedIn, schema: { body: createSlipsPayload, response: { 201: createdSlips } } },
    async (request, reply) => {
      const owner = currentUser(request);
      const codes = await createSlips(db, owner.id, request.body.count, MAX_UNUSED_SLIPS, app.deps.now());
      if (!codes) {
        throw conflict((i18n) => i18n._('server.slips.tooManyUnused', { max: MAX_UNUSED_SLIPS }));
      }
      return reply.code(201).send({ slips: codes.map((code) => ({ code, url: slipUrl(request, code) })) });
    },
  );

  app.get('/slips.pdf', { ...signedIn, schema: { querystring: emptyObject } }, async (request, reply) => {
    const codes = await unusedSlipCodes(db, currentUser(request).id);
    const pdf = await slipSheetPdf(codes.map((code) => ({ code, url: slipUrl(request, code) })));
    return reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="wiper-slips.pdf"')
      .send(pdf);
  });

  app.post(
    '/slips/:code/attach',
    {
      ...signedIn,
      schema: { params: slipCodeParams, body: attachSlipPayload, response: { 201: sentRequest } },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      const { body } = request;
      const note =
        'templateKey' in body
          ? { vehicleNumber: body.vehicleNumber, templateKey: body.templateKey, text: null }
          : { vehicleNumber: body.vehicleNumber, templateKey: null, text: body.text };
      const outcome = await attachNote(db, owner.id, request.params.code, note, app.deps.now());
      if (outcome.kind === 'not_found') throw notFound((i18n) => i18n._('server.slips.notFound'));
      if (outcome.kind !== 'attached' || !isAttached(outcome.slip)) {
        throw conflict((i18n) => i18n._('server.slips.alreadyAttached'));
      }
      // The note also waits for the number, so a registration made later receives it; a sender
      // who already has a note waiting for it (or left their day's) still has the slip.
      await app.waitingNotes.leave({
        senderId: owner.id,
        vehicleNumber: note.vehicleNumber,
        templateKey: note.templateKey ?? undefined,
        text: note.text ?? undefined,
        slipId: outcome.slip.id,
      });
      return reply.code(201).send(toSentRequest({ slip: outcome.slip }, request.i18n));
    },
  );
};

export default slipRoutes;
