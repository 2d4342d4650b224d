import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { tooManyRequests } from '../../lib/http-error';
import { DAY_MS } from '#common/durations';

export const SEARCH_DAY_MS = DAY_MS;

/** The counter of a user's owner searches a day (`SEARCHES_PER_USER_DAY`), in either store. */
export const searchDayKey = (request: FastifyRequest) => `search-day:${currentUser(request).id}`;

/** The answer once a user's searches of the day are spent; `ttlMs` is what is left of the day. */
export const tooManySearchesToday = (ttlMs: number) =>
  tooManyRequests((i18n) => i18n._('server.search.tooManyToday'), ttlMs / 1000);

/**
 * Counts one search of the signed-in user in their day's budget and refuses (429) once it is spent:
 * for every route that tells a plate or its owner, so a route beside owner search cannot walk the
 * number space. A preValidation hook to run after `authenticate`.
 */
export function searchDayBudget(app: FastifyInstance) {
  const dayLimit = app.createRateLimit({
    max: app.config.searchesPerUserDay,
    timeWindow: SEARCH_DAY_MS,
    keyGenerator: searchDayKey,
  });
  return async (request: FastifyRequest) => {
    const limit = await dayLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManySearchesToday(limit.ttl);
  };
}
