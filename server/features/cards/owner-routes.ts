import type { I18n } from '@lingui/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '#common/api';
import {
  cardVehicle,
  cardVehicleQuery,
  vehicleCard,
  vehicleCardPayload,
  vehicleCardQuery,
} from '#common/card-api';
import { notFound } from '../../lib/http-error';
import { preparedReachableBy } from '../../domain/requests/reachability';
import { searchDayBudget } from '../../domain/search/search-budget';
import { currentUser } from '../../plugins/auth';
import { toVehicleCard } from '../../domain/cards/vehicle-cards';
import { endCard, liveCardByCode, liveCardOrNew, pauseCard, rotateCard } from './repository';
import { HOUR_MS } from '#common/durations';

const VEHICLE_NOT_FOUND = (i18n: I18n) => i18n._('server.vehicleNotFound');
const CARD_NOT_FOUND = (i18n: I18n) => i18n._('server.cards.notFound');

/** The owner's windscreen cards, and the app's scanner's way from a card to its vehicle. */
const cardOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');

  app.post(
    '/vehicleCard',
    { ...signedIn, schema: { body: vehicleCardPayload, response: { 200: vehicleCard, 201: vehicleCard } } },
    async (request, reply) => {
      const now = app.deps.now();
      const made = await liveCardOrNew(db, currentUser(request).id, request.body.vehicleId, now);
      if (!made) throw notFound(VEHICLE_NOT_FOUND);
      return reply.code(made.created ? 201 : 200).send(toVehicleCard(made.card, request, now));
    },
  );

  app.post(
    '/rotateVehicleCard',
    { ...signedIn, schema: { body: vehicleCardPayload, response: { 200: vehicleCard } } },
    async (request) => {
      const now = app.deps.now();
      const card = await rotateCard(db, currentUser(request).id, request.body.vehicleId, now);
      if (!card) throw notFound(VEHICLE_NOT_FOUND);
      return toVehicleCard(card, request, now);
    },
  );

  app.delete(
    '/vehicleCard',
    { ...signedIn, schema: { querystring: vehicleCardQuery, response: { 200: messageResponse } } },
    async (request) => {
      const ended = await endCard(db, currentUser(request).id, request.query.vehicleId, app.deps.now());
      if (!ended) throw notFound(VEHICLE_NOT_FOUND);
      return { message: request.i18n._('server.cards.turnedOff') };
    },
  );

  app.post(
    '/pauseVehicleCard',
    { ...signedIn, schema: { body: vehicleCardPayload, response: { 200: vehicleCard } } },
    async (request) => {
      const now = app.deps.now();
      const until = new Date(now.getTime() + app.config.cardPauseHours * HOUR_MS);
      const card = await pauseCard(db, currentUser(request).id, request.body.vehicleId, until);
      if (!card) throw notFound(CARD_NOT_FOUND);
      return toVehicleCard(card, request, now);
    },
  );

  app.post(
    '/resumeVehicleCard',
    { ...signedIn, schema: { body: vehicleCardPayload, response: { 200: vehicleCard } } },
    async (request) => {
      const card = await pauseCard(db, currentUser(request).id, request.body.vehicleId, null);
      if (!card) throw notFound(CARD_NOT_FOUND);
      return toVehicleCard(card, request, app.deps.now());
    },
  );

  app.get(
    '/cardVehicle',
    {
      // The full plate behind a card is what owner search tells: it spends the same day's budget.
      preValidation: [app.authenticate, searchDayBudget(app)],
      schema: { querystring: cardVehicleQuery, response: { 200: cardVehicle } },
    },
    async (request) => {
      const card = await liveCardByCode(db, request.query.code);
      const [registration] = card ? await reachableByVehicle(card.vehicleId) : [];
      if (!registration) throw notFound(CARD_NOT_FOUND);
      return { vehicleNumber: registration.vehicle.vehicleNumber };
    },
  );
};

export default cardOwnerRoutes;
