import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callOwnerPayload, messageResponse } from '#common/api';
import { callRequest, placeCall } from '../../domain/requests/masked-calls';
import { callRefusals, reachedOrThrow } from '../../domain/requests/refusals';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { callsUnavailable, maskedCallTo } from '../../domain/requests/call-availability';
import { preparedReachableBy } from '../../domain/requests/reachability';
import { callRule } from '../../domain/requests/send-rule/send-rule';
import { currentUser } from '../../plugins/auth';

const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const rule = callRule(app.config.callsPerReceiverHour, app.config.callerCallLimits);

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
      const availability = maskedCallTo(owner, true, app.deps.now(), request.i18n);
      if (!availability.available) throw conflict(availability.reason);

      const outcome = await app.requests.reach({
        from: { account: caller },
        to: owner,
        request: callRequest(vehicle.id, vehicle.vehicleNumber),
        rule,
        beforeAnnounce: (row) =>
          placeCall(telephony, request.log, row.id, { caller: caller.phone, callee: owner.phone }),
      });
      reachedOrThrow(outcome, callRefusals);
      return reply.code(202).send({ message: request.i18n._('server.calls.placed') });
    },
  );
};

export default callRoutes;
