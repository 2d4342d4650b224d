import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentRequest, emptyObject } from '#common/api';
import { slipPath } from '#common/slip-code';
import { attachSlipPayload, createSlipsPayload, createdSlips, slipCodeParams } from '#common/slips-api';
import { conflict, notFound } from '../../lib/http-error';
import { toSentRequest } from '../../domain/requests/sender-view';
import { currentUser } from '../../plugins/auth';
import { attachSlip, createSlips, detachSlip, unusedSlipCodes } from './repository';
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
      const outcome = await attachSlip(db, owner.id, request.params.code, app.deps.now());
      if (outcome.kind !== 'attached') {
        throw outcome.kind === 'not_found'
          ? notFound((i18n) => i18n._('server.slips.notFound'))
          : conflict((i18n) => i18n._('server.slips.alreadyAttached'));
      }
      // The note also waits for the number, so a registration made later receives it, unless the
      // sender already has a note waiting for it (or left their day's): then it is the slip's alone.
      const stored = await app.waitingNotes
        .leaveOnSlip({ senderId: owner.id, ...request.body }, outcome.slip.id)
        .catch(async (error: unknown) => {
          await detachSlip(db, outcome.slip.id);
          throw error;
        });
      return reply.code(201).send(toSentRequest({ slipNote: stored }, request.i18n));
    },
  );
};

export default slipRoutes;
