import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callOwnerPayload, messageResponse } from '#common/api';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../../lib/api-shapes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { callsUnavailable, maskedCallTo } from '../../lib/masked-call';
import { requestPushData } from '../../lib/push-data';
import { preparedReachableBy } from '../../lib/reachable-registrations';
import { currentUser } from '../../plugins/auth';
import { forgetCall, recordCall } from './repository';
import { TelephonyUnavailable } from './telephony';

const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');

  /** Rings the caller, then connects the vehicle's registrant; neither learns the other's number. */
  app.post(
    '/callOwner',
    {
      preValidation: app.authenticate,
      schema: { body: callOwnerPayload, response: { 202: messageResponse } },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const { vehicleId } = request.body;
      const { telephony } = app.deps;
      if (!telephony) throw new HttpError(503, callsUnavailable);
      const [found] = await reachableByVehicle(vehicleId);
      if (!found) throw notFound((i18n) => i18n._('server.vehicleNotFound'));
      const { vehicle, owner } = found;
      if (owner.id === caller.id) throw badRequest((i18n) => i18n._('server.calls.ownVehicle'));
      const now = app.deps.now();
      const availability = maskedCallTo(owner, true, now, request.i18n);
      if (!availability.available) throw conflict(availability.reason);

      const plate = vehicle.vehicleNumber.toUpperCase();
      const row = await recordCall(
        db,
        {
          callerId: caller.id,
          ownerId: owner.id,
          vehicleId: vehicle.id,
          vehicleNumber: vehicle.vehicleNumber,
          title: `Call about ${plate}`,
          content: `A call through Vahan Contact about ${plate}: answer the call from our number.`,
        },
        now,
      );
      try {
        await telephony.connect({ caller: caller.phone, callee: owner.phone });
      } catch (error) {
        await forgetCall(db, row.id);
        request.log.warn({ err: error, callId: row.id }, 'masked call: the provider did not place the call');
        throw error instanceof TelephonyUnavailable
          ? new HttpError(503, (i18n) => i18n._('server.calls.providerDown'))
          : new HttpError(502, (i18n) => i18n._('server.calls.notPlaced'));
      }
      const notification = toServerNotification(row, caller, textsFor(owner.language));
      app.notificationBus.publish(owner.id, notification, requestPushData(notification, owner, now));
      return reply.code(202).send({ message: request.i18n._('server.calls.placed') });
    },
  );
};

export default callRoutes;
