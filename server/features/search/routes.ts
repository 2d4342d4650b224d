import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toOwnedVehicle } from '../../lib/api-shapes';
import { tooManyRequests } from '../../lib/http-error';
import { vehicleNumberField } from '../../lib/vehicle-number-field';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { ownerSearch } from './repository';

const searchBody = z.strictObject({ vehicleNumber: vehicleNumberField });

export default async function searchRoutes(app: FastifyInstance) {
  const findOwners = ownerSearch(app.database.db);
  // Per signed-in user, so nobody can walk the number space to harvest owners; runs after authenticate.
  const searchLimit = {
    max: app.config.searchesPerUserMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => currentUser(request).id,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      tooManyRequests('Too many searches. Please wait a minute and try again.', context.ttl / 1000),
  };

  app.post(
    '/getVehicleOwner',
    { preHandler: app.authenticate, config: { rateLimit: searchLimit } },
    async (request) => {
      const { vehicleNumber } = parseInput(searchBody, request.body);
      const found = await findOwners(vehicleNumber);
      return found.map(({ vehicle, owner }) => toOwnedVehicle(vehicle, owner));
    },
  );
}
