import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  householdPayload,
  registrantList,
  vehicle as vehicleSchema,
  vehicleRegistrantsQuery,
  verifyVehiclePayload,
} from '#common/api';
import type { I18n } from '@lingui/core';
import type { VehicleRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { toPushData, toServerNotification, toVehicle } from '../../lib/api-shapes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { languagesOf } from '../../lib/user-languages';
import { currentUser } from '../../plugins/auth';
import { matchesRecord, RcProviderError, type RcVerifier } from './rc';
import {
  claimAttempt,
  giveBackAttempt,
  markVerified,
  ownVehicle,
  registrantsOf,
  setHousehold,
} from './repository';

const VEHICLE_NOT_FOUND = (i18n: I18n) => i18n._('server.vehicleNotFound');

const ownershipRoutes: FastifyPluginAsyncZod<{ rcVerifier: RcVerifier | null }> = async (app, options) => {
  const { db } = app.database;
  const { rcVerifier } = options;
  const signedIn = { preValidation: app.authenticate };

  async function lookUpRecord(verifier: RcVerifier, vehicle: VehicleRow, attemptId: string) {
    try {
      return await verifier.lookUp(vehicle.vehicleNumber);
    } catch (error) {
      if (!(error instanceof RcProviderError)) throw error;
      app.log.warn({ err: error }, 'the RC provider did not answer');
      await giveBackAttempt(db, attemptId);
      throw new HttpError(503, (i18n) => i18n._('server.ownership.registryDown'));
    }
  }

  app.post(
    '/verifyVehicle',
    { ...signedIn, schema: { body: verifyVehiclePayload, response: { 200: vehicleSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { id, chassisLast5, engineLast5 } = request.body;
      const vehicle = await ownVehicle(db, user.id, id);
      if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
      if (!rcVerifier) throw new HttpError(503, (i18n) => i18n._('server.ownership.unavailable'));
      if (vehicle.verified) return toVehicle(vehicle);
      const attemptId = await claimAttempt(db, user.id, vehicle.vehicleNumber, app.deps.now());
      const record = await lookUpRecord(rcVerifier, vehicle, attemptId);
      if (!record.found) throw badRequest((i18n) => i18n._('server.ownership.noRecord'));
      if (!record.active) {
        throw badRequest((i18n) => i18n._('server.ownership.inactive'));
      }
      if (!matchesRecord(record, chassisLast5, engineLast5)) {
        throw badRequest((i18n) => i18n._('server.ownership.mismatch'));
      }
      const result = await markVerified(db, vehicle, record.verificationId, app.deps.now());
      if (!result) throw notFound(VEHICLE_NOT_FOUND);
      const languageOf = await languagesOf(
        db,
        result.superseded.map((row) => row.receiverId),
      );
      for (const row of result.superseded) {
        const language = languageOf(row.receiverId);
        const notification = toServerNotification(row, null, textsFor(language));
        app.notificationBus.publish(row.receiverId, notification, toPushData(notification, language));
      }
      return toVehicle(result.vehicle);
    },
  );

  /** The caller's own verified vehicle; 404 for anyone else's, 409 while it is not verified. */
  async function verifiedOwnVehicle(userId: string, id: string): Promise<VehicleRow> {
    const vehicle = await ownVehicle(db, userId, id);
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    if (!vehicle.verified) throw conflict((i18n) => i18n._('server.ownership.verifyFirst'));
    return vehicle;
  }

  app.get(
    '/vehicleRegistrants',
    { ...signedIn, schema: { querystring: vehicleRegistrantsQuery, response: { 200: registrantList } } },
    async (request) => registrantsOf(db, await verifiedOwnVehicle(currentUser(request).id, request.query.id)),
  );

  for (const [path, household] of [
    ['/keepHousehold', true],
    ['/releaseHousehold', false],
  ] as const) {
    app.post(
      path,
      { ...signedIn, schema: { body: householdPayload, response: { 200: registrantList } } },
      async (request) => {
        const { id, registrationId } = request.body;
        const vehicle = await verifiedOwnVehicle(currentUser(request).id, id);
        if (!(await setHousehold(db, vehicle, registrationId, household)))
          throw notFound((i18n) => i18n._('server.ownership.registrantNotFound'));
        return registrantsOf(db, vehicle);
      },
    );
  }
};

export default ownershipRoutes;
