import type { FastifyInstance } from 'fastify';
import { within } from '../../lib/within';

const PING_TIMEOUT_MS = 2000;

/** What the server cannot answer without; Redis only when the rate-limit counters live there. */
function dependencies(app: FastifyInstance): { name: string; ping: () => Promise<unknown> }[] {
  const { redis } = app;
  return [
    { name: 'Database', ping: () => app.database.ping() },
    ...(redis ? [{ name: 'Redis', ping: () => redis.ping() }] : []),
  ];
}

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    if (app.draining) {
      return reply.code(503).send({ message: 'Shutting down', status: 'draining' });
    }
    const checked = await Promise.all(
      dependencies(app).map(async ({ name, ping }) => {
        try {
          await within(ping(), PING_TIMEOUT_MS);
          return null;
        } catch (error) {
          request.log.warn({ err: error }, `health check: ${name} unreachable`);
          return name;
        }
      }),
    );
    const down = checked.filter((name) => name !== null);
    if (down.length > 0) {
      return reply
        .code(503)
        .send({ message: `${down.join(' and ')} unreachable`, status: 'unavailable', unreachable: down });
    }
    // Which database runs behind the service is nobody's business outside it.
    return { status: 'ok', ...(app.redis ? { redis: 'ok' } : {}) };
  });
}
