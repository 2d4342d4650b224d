import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once shutdown begins, every connection ends with the response it carries: a keep-alive socket would
 * otherwise hold `server.close()` (and the process) open for the whole keep-alive timeout.
 */
export default fp(
  async function gracefulClose(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Responses that start now tell the client not to reuse the connection.
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    // Responses that started before (a live stream ended by shutdown) had promised keep-alive.
    app.addHook('onResponse', async (request) => {
      if (closing) request.raw.socket.end();
    });
  },
  { name: 'graceful-close' },
);
