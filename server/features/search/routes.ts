import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownedVehicleList, vehicleOwnerQuery } from '#common/api';
import { toOwnedVehicle } from '../../lib/api-shapes';
import { tooManyRequests } from '../../lib/http-error';
import { maskedCallTo } from '../../lib/masked-call';
import { currentUser } from '../../plugins/auth';
import { preparedReachableByNumber } from '../../lib/reachable-registrations';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const findOwners = preparedReachableByNumber(app.database.db);
  // Per signed-in user, so nobody can walk the number space to harvest owners; runs after
  // authenticate and before the body is validated, so every attempt counts.
  const searchLimit = {
    max: app.config.searchesPerUserMinute,
    timeWindow: '1 minute',
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => `search:${currentUser(request).id}`,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      tooManyRequests((i18n) => i18n._('server.search.tooMany'), context.ttl / 1000),
  };

  app.post(
    '/getVehicleOwner',
    {
      preValidation: app.authenticate,
      config: { rateLimit: searchLimit },
      schema: { body: vehicleOwnerQuery, response: { 200: ownedVehicleList } },
    },
    async (request) => {
      const found = await findOwners(request.body.vehicleNumber);
      const now = app.deps.now();
      const callsConfigured = app.deps.telephony !== null;
      return found.map(({ vehicle, owner }) =>
        toOwnedVehicle(vehicle, owner, maskedCallTo(owner, callsConfigured, now, request.i18n)),
      );
    },
  );
};

export default searchRoutes;
