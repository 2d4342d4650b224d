import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callOwnerPayload, messageResponse } from '#common/api';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../../lib/api-shapes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { placeRecordedCall, preparedRecordCall } from '../../lib/call-records';
import { callsUnavailable, maskedCallTo } from '../../lib/masked-call';
import { requestPushData } from '../../lib/push-data';
import { preparedReachableBy } from '../../lib/reachable-registrations';
import { callRule } from '../../lib/send-rule/send-rule';
import { currentUser } from '../../plugins/auth';

const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const recordCall = preparedRecordCall(
    db,
    callRule(app.config.callsPerReceiverHour, app.config.callerCallLimits),
  );

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

      const row = await recordCall(
        {
          senderId: caller.id,
          receiverId: owner.id,
          vehicleId: vehicle.id,
          vehicleNumber: vehicle.vehicleNumber,
        },
        now,
      );
      await placeRecordedCall(db, telephony, request.log, row.id, {
        caller: caller.phone,
        callee: owner.phone,
      });
      const notification = toServerNotification(row, caller, textsFor(owner.language));
      app.notificationBus.publish({
        kind: 'notification',
        userId: owner.id,
        notification,
        push: requestPushData(notification, owner, now),
      });
      return reply.code(202).send({ message: request.i18n._('server.calls.placed') });
    },
  );
};

export default callRoutes;
