import type { FastifyInstance } from 'fastify';

const PING_TIMEOUT_MS = 2000;

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    if (app.draining) {
      return reply.code(503).send({ message: 'Shutting down', status: 'draining' });
    }
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS).unref(),
        ),
      ]);
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ message: 'Database unreachable', status: 'unavailable' });
    }
  });
}
