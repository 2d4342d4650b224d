import type { FastifyInstance } from 'fastify';
import { within } from '../../lib/within';

const PING_TIMEOUT_MS = 2000;

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    if (app.draining) {
      return reply.code(503).send({ message: 'Shutting down', status: 'draining' });
    }
    try {
      await within(app.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ message: 'Database unreachable', status: 'unavailable' });
    }
  });
}
