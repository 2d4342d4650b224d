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
import { toPushData, toServerNotification, toVehicle } from '../../domain/api-shapes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { periodicJobOf } from '../../lib/periodic-job';
import { languagesOf } from '../../domain/accounts/languages';
import { currentUser } from '../../plugins/auth';
import {
  lastFiveOf,
  matchesRecord,
  mobileAllows,
  RcProviderError,
  type RcRecord,
  type RcVerifier,
} from '../../providers/rc';
import { cachedRecordOrReserve, dropReservation, storeRecord } from './rc-records';
import {
  claimCheck,
  endCheck,
  giveBackAttempt,
  markVerified,
  ownVehicle,
  sweepOwnership,
  type Claimed,
  type Verified,
} from './repository';
import { keepHousehold, registrantsOf, release } from './household';

const VEHICLE_NOT_FOUND = (i18n: I18n) => i18n._('server.vehicleNotFound');
/** Every failed check says the same, so the answer tells nobody whether a plate exists or its RC is active. */
const NOT_VERIFIED = (i18n: I18n) => i18n._('server.ownership.notVerified');
/** How often each instance forgets day-old RC records and lapses the proofs older than RC_PROOF_DAYS. */
const OWNERSHIP_SWEEP_MS = 600_000;

const ownershipRoutes: FastifyPluginAsyncZod<{ rcVerifier: RcVerifier | null }> = async (app, options) => {
  const { db } = app.database;
  const { rcVerifier } = options;
  const limits = app.config.rcChecks;
  const signedIn = { preValidation: app.authenticate };

  periodicJobOf(app, {
    name: 'the ownership sweep',
    everyMs: OWNERSHIP_SWEEP_MS,
    run: () => sweepOwnership(db, limits.proofDays, app.deps.now()),
  });

  /** The plate's record of the day, from the shared cache or, within the day's lookups, the provider. */
  async function recordOf(verifier: RcVerifier, claimed: Claimed): Promise<RcRecord> {
    const { vehicleNumber, attemptId } = claimed;
    let cached: RcRecord | null;
    try {
      cached = await cachedRecordOrReserve(db, vehicleNumber, limits.perDay, app.deps.now());
    } catch (error) {
      await giveBackAttempt(db, attemptId);
      throw error;
    }
    if (cached) return cached;
    let answer: RcRecord;
    try {
      answer = await verifier.lookUp(vehicleNumber);
    } catch (error) {
      await dropReservation(db, vehicleNumber);
      if (!(error instanceof RcProviderError)) throw error;
      app.log.warn({ err: error }, 'the RC provider did not answer');
      await giveBackAttempt(db, attemptId);
      throw new HttpError(503, (i18n) => i18n._('server.ownership.registryDown'));
    }
    const record = { ...answer, chassis: lastFiveOf(answer.chassis), engine: lastFiveOf(answer.engine) };
    await storeRecord(db, vehicleNumber, record);
    return record;
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
      const claimed = await claimCheck(db, user.id, id, limits.perUserDay, app.deps.now());
      let result: Verified;
      try {
        const record = await recordOf(rcVerifier, claimed);
        const passes =
          record.found &&
          record.active &&
          matchesRecord(record, chassisLast5, engineLast5) &&
          mobileAllows(record, user.phone);
        if (!passes) throw badRequest(NOT_VERIFIED);
        result = await markVerified(
          db,
          {
            vehicleId: id,
            ownerId: user.id,
            vehicleNumber: claimed.vehicleNumber,
            verificationId: record.verificationId,
            mobileMatched: Boolean(record.mobile?.trim()),
          },
          app.deps.now(),
        );
      } catch (error) {
        await endCheck(db, id);
        throw error;
      }
      const languageOf = await languagesOf(
        db,
        result.superseded.map((row) => row.receiverId),
      );
      for (const row of result.superseded) {
        const language = languageOf(row.receiverId);
        const notification = toServerNotification(row, null, textsFor(language));
        app.notificationBus.publish({
          kind: 'notification',
          userId: row.receiverId,
          notification,
          push: toPushData(notification, language),
        });
      }
      await app.waitingNotes.deliverFor(result.vehicle.vehicleNumber);
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

  // Keeping and releasing a registration of the household: the same shape, one action apart.
  for (const [path, act] of [
    ['/keepHousehold', keepHousehold],
    ['/releaseHousehold', release],
  ] as const) {
    app.post(
      path,
      { ...signedIn, schema: { body: householdPayload, response: { 200: registrantList } } },
      async (request) => {
        const { id, registrationId } = request.body;
        const vehicle = await verifiedOwnVehicle(currentUser(request).id, id);
        if (!(await act(db, vehicle, registrationId)))
          throw notFound((i18n) => i18n._('server.ownership.registrantNotFound'));
        return registrantsOf(db, vehicle);
      },
    );
  }
};

export default ownershipRoutes;
