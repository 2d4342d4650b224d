import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userTopic } from '../../domain/live/topics';
import { currentSession, currentUser } from '../../plugins/auth';
import { LiveStreams } from '../../domain/live/streams';

/** The live channel: each signed-in app's stream of its new notifications (DESIGN §5). */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new LiveStreams(app.notificationBus, app.config.live);
  // Open streams never end by themselves: closing the server would wait for them.
  app.addHook('preClose', async () => streams.closeAll());

  app.get('/events', { preValidation: app.authenticate }, async (request, reply) => {
    const session = currentSession(request);
    const stream = streams.open(
      {
        topic: userTopic(currentUser(request).id),
        sessionId: session.id,
        sessionExpiresAt: session.expiresAt,
      },
      app.deps.now(),
    );
    // The stream is quiet between heartbeats: the idle-socket timeout is for requests, not for it.
    request.raw.socket.setTimeout(0);
    return reply.headers({ 'content-type': 'text/event-stream', 'x-accel-buffering': 'no' }).send(stream);
  });
};

export default liveRoutes;
