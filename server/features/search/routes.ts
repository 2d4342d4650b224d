import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownedVehicleList, vehicleOwnerQuery } from '#common/api';
import { toOwnedVehicle } from '../../domain/api-shapes';
import { tooManyRequests } from '../../lib/http-error';
import { maskedCallTo } from '../../domain/requests/call-availability';
import { countHit, ttlMs } from '../../lib/rate-limit-count';
import {
  preparedCountedReachableByNumber,
  preparedReachableBy,
  type Registration,
} from '../../domain/requests/reachability';
import {
  SEARCH_DAY_MS,
  searchDayBudget,
  searchDayKey,
  tooManySearchesToday,
} from '../../domain/search/search-budget';
import { currentUser } from '../../plugins/auth';

const SEARCH_WINDOW_MS = 60_000;

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app;
  const max = config.searchesPerUserMinute;
  const maxPerDay = config.searchesPerUserDay;
  const searchKey = (request: FastifyRequest) => `search:${currentUser(request).id}`;
  const tooMany = (ttl: number) => tooManyRequests((i18n) => i18n._('server.search.tooMany'), ttl / 1000);
  const answer = (request: FastifyRequest, found: Registration[]) => {
    const now = app.deps.now();
    const callsConfigured = app.deps.telephony !== null;
    return found.map(({ vehicle, owner }) =>
      toOwnedVehicle(vehicle, owner, maskedCallTo(owner, callsConfigured, now, request.i18n)),
    );
  };

  // Per signed-in user, a minute and a day, so nobody can walk the number space to harvest owners;
  // counted after authenticate and whether or not the body is valid, so every attempt counts.
  const limits = config.rateLimitStore;
  if (limits.kind === 'database') {
    // The count and the search are one statement: one round trip for the hottest signed-in request.
    const countedSearch = preparedCountedReachableByNumber(database.countersDb);
    app.post(
      '/getVehicleOwner',
      {
        preValidation: app.authenticate,
        attachValidation: true,
        schema: { body: vehicleOwnerQuery, response: { 200: ownedVehicleList } },
      },
      async (request) => {
        const minute = { key: `${limits.keyPrefix}${searchKey(request)}`, windowMs: SEARCH_WINDOW_MS, max };
        const day = {
          key: `${limits.keyPrefix}${searchDayKey(request)}`,
          windowMs: SEARCH_DAY_MS,
          max: maxPerDay,
        };
        if (request.validationError) {
          const [inDay] = await countHit(database.countersDb, day.key, day.windowMs);
          if (inDay && inDay.current > day.max) throw tooManySearchesToday(ttlMs(inDay.ttl));
          const [inMinute] = await countHit(database.countersDb, minute.key, minute.windowMs);
          if (inMinute && inMinute.current > max) throw tooMany(ttlMs(inMinute.ttl));
          throw request.validationError;
        }
        const { vehicleNumber } = request.body;
        const counted = await countedSearch({ limits: [minute, day], vehicleNumber });
        if (counted.exceeded?.limit === 'long') throw tooManySearchesToday(counted.exceeded.retryAfterMs);
        if (counted.exceeded) throw tooMany(counted.exceeded.retryAfterMs);
        return answer(request, counted.found);
      },
    );
    return;
  }

  const findOwners = preparedReachableBy(database.db, 'vehicleNumber');
  const limitPerDay = searchDayBudget(app);
  const searchLimit = {
    max,
    timeWindow: SEARCH_WINDOW_MS,
    hook: 'preValidation' as const,
    keyGenerator: searchKey,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => tooMany(context.ttl),
  };
  app.post(
    '/getVehicleOwner',
    {
      preValidation: [app.authenticate, limitPerDay],
      config: { rateLimit: searchLimit },
      schema: { body: vehicleOwnerQuery, response: { 200: ownedVehicleList } },
    },
    async (request) => answer(request, await findOwners(request.body.vehicleNumber)),
  );
};

export default searchRoutes;
