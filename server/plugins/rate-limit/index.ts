import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { clientAddressKey } from '../../lib/client-address';
import { databaseRateLimitStore } from './database-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis the counters live in when `REDIS_URL` is set (the health check pings it); else null. */
    redis: Redis | null;
  }
}

/**
 * What ioredis fails a command with when Redis cannot be reached: the connection is down (nothing is
 * queued while it is, so a request fails at once instead of waiting for reconnections), or it dropped
 * with the command in flight.
 */
const REDIS_UNREACHABLE =
  /^(Stream isn't writeable and enableOfflineQueue options is false|Connection is closed\.|Reached the max retries per request limit)/;

export const isRedisUnreachable = (error: unknown): boolean =>
  error instanceof Error && REDIS_UNREACHABLE.test(error.message);

/** No limit unless a route declares one; a limit with no key of its own counts the client's address. */
const PER_CLIENT = {
  global: false,
  keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
};

/**
 * @fastify/rate-limit with its counters where every instance sees them and a restart keeps them: in
 * Redis when `REDIS_URL` is set, else in the database. Limits are declared per route (none global).
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const store = app.config.rateLimitStore;
    if (store.kind === 'redis') {
      const redis = new Redis(store.url, {
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        lazyConnect: true,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit: Redis connection problem'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // Connected before the first request, so none is refused for a connection still being opened.
      // A Redis that is down does not stop the start: ioredis keeps reconnecting, and meanwhile the
      // requests that count answer 503 and the health check says Redis is unreachable.
      await redis.connect().catch((error: unknown) => app.log.error({ err: error }, 'Redis unreachable'));
      app.decorate('redis', redis);
      await app.register(rateLimit, { ...PER_CLIENT, redis, nameSpace: store.keyPrefix });
      return;
    }
    app.decorate('redis', null);
    await app.register(rateLimit, {
      ...PER_CLIENT,
      store: databaseRateLimitStore(app.database.countersDb, store.keyPrefix),
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
