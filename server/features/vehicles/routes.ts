import type { I18n } from '@lingui/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addVehiclePayload,
  deleteVehicleQuery,
  messageResponse,
  updateVehiclePayload,
  vehicle,
} from '#common/api';
import { myVehicleList } from '#common/card-api';
import { toVehicle } from '../../domain/api-shapes';
import { conflict, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { isUniqueViolation } from '../../plugins/errors';
import { deleteOwnVehicle, insertVehicle, preparedVehiclesOf, updateOwnVehicle } from './repository';
import { clearRegistrationFlags } from '../../domain/requests/registration-flags';
import { liveCardsOfOwner, toVehicleCard } from '../../domain/cards/vehicle-cards';

const VEHICLE_NOT_FOUND = (i18n: I18n) => i18n._('server.vehicleNotFound');

/** The unique index on (owner, number) decides duplicates, so two racing requests store one. */
async function unlessDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict((i18n) => i18n._('server.vehicles.duplicate'));
    throw error;
  }
}

const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const limits = app.config.vehicleLimits;
  const vehiclesOf = preparedVehiclesOf(db, limits.perUser);

  app.post(
    '/addVehicle',
    { ...signedIn, schema: { body: addVehiclePayload, response: { 201: vehicle } } },
    async (request, reply) => {
      const user = currentUser(request);
      const added = await unlessDuplicate(
        insertVehicle(db, user.id, { ...request.body, createdAt: app.deps.now() }, limits),
      );
      await app.waitingNotes.deliverFor(added.vehicleNumber);
      return reply.code(201).send(toVehicle(added));
    },
  );

  app.get(
    '/getMyVehicles',
    { ...signedIn, schema: { response: { 200: myVehicleList } } },
    async (request) => {
      const user = currentUser(request);
      const [owned, cards] = await Promise.all([vehiclesOf(user.id), liveCardsOfOwner(db, user.id)]);
      const now = app.deps.now();
      return owned.map((row) => {
        const card = cards.get(row.id);
        return { ...toVehicle(row), card: card ? toVehicleCard(card, request, now) : null };
      });
    },
  );

  app.patch(
    '/updateVehicle',
    { ...signedIn, schema: { body: updateVehiclePayload, response: { 200: vehicle } } },
    async (request) => {
      const user = currentUser(request);
      const { id, ...changes } = request.body;
      const updated = await unlessDuplicate(
        updateOwnVehicle(db, user.id, id, changes, limits, app.deps.now()),
      );
      if (!updated) throw notFound(VEHICLE_NOT_FOUND);
      // Saving the registration is its owner confirming it: "Not my vehicle" flags start again.
      await clearRegistrationFlags(db, updated.id);
      await app.waitingNotes.deliverFor(updated.vehicleNumber);
      return toVehicle(updated);
    },
  );

  app.delete(
    '/deleteVehicle',
    { ...signedIn, schema: { querystring: deleteVehicleQuery, response: { 200: messageResponse } } },
    async (request) => {
      const user = currentUser(request);
      const deleted = await deleteOwnVehicle(db, user.id, request.query.id, app.deps.now());
      if (!deleted) throw notFound(VEHICLE_NOT_FOUND);
      return { message: request.i18n._('server.vehicles.deleted') };
    },
  );
};

export default vehicleRoutes;
