import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { databaseRateLimitStore } from './database-store';

/**
 * @fastify/rate-limit with its counters where every instance sees them and a restart keeps them: in
 * Redis when `REDIS_URL` is set, else in the database. Limits are declared per route (none global).
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const store = app.config.rateLimitStore;
    if (store.kind === 'redis') {
      const redis = new Redis(store.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit: Redis connection problem'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      await app.register(rateLimit, { global: false, redis, nameSpace: store.keyPrefix });
      return;
    }
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(app.database.countersDb, store.keyPrefix),
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
