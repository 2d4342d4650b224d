import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vehicleCardQuery } from '#common/card-api';
import { maskedVehicleNumber } from '#common/vehicle-number';
import { notFound } from '../../../lib/http-error';
import { windscreenCardPdf } from '../../../lib/printable/windscreen-card';
import { cardUrl } from '../../../domain/cards/vehicle-cards';
import { currentUser } from '../../../plugins/auth';
import { ownCardToPrint } from './repository';

/**
 * `GET /api/users/vehicleCard.pdf?vehicleId=`: the owner's live windscreen card as an A6 PDF, so
 * that any client can print it. Another's vehicle, an unknown one, or one with no live card: 404.
 */
const cardPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/vehicleCard.pdf',
    { preValidation: app.authenticate, schema: { querystring: vehicleCardQuery } },
    async (request, reply) => {
      const found = await ownCardToPrint(db, currentUser(request).id, request.query.vehicleId);
      if (!found) throw notFound((i18n) => i18n._('server.cards.notFound'));
      const pdf = await windscreenCardPdf({
        url: cardUrl(request, found.code),
        maskedNumber: maskedVehicleNumber(found.vehicleNumber),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="vahan-contact-card.pdf"')
        .send(pdf);
    },
  );
};

export default cardPrintRoutes;
