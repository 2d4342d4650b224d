import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRequestStatus, statusTokenParams, type PublicRequestStatus } from '#common/card-api';
import { notFound } from '../../../lib/http-error';
import { LiveStreams } from '../../../domain/live/streams';
import { requestTopic } from '../../../domain/live/topics';
import { followedRequest } from '../../../domain/requests/status-tokens';

/** A frame of a status stream: the same object as GET /api/public/requests/{statusToken}. */
const statusFrame = (status: PublicRequestStatus) => `event: status\ndata: ${JSON.stringify(status)}\n\n`;

/** No session ends a status stream: only its token's expiry does. */
const NO_SESSION = '';

/** Following one request by its status token, with no account: its status, and a live stream of it. */
const publicStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const streams = new LiveStreams(app.notificationBus, {
    ...app.config.live,
    requestFrame: ({ sentAt, deliveredAt, seenAt, reply, fallbacks }) =>
      statusFrame({ sentAt, deliveredAt, seenAt, reply, fallbacks }),
  });
  app.addHook('preClose', async () => streams.closeAll());
  const notFollowed = () => notFound((i18n) => i18n._('server.publicStatus.notFound'));

  app.get(
    '/requests/:statusToken',
    { schema: { params: statusTokenParams, response: { 200: publicRequestStatus } } },
    async (request) => {
      const followed = await followedRequest(db, request.params.statusToken, app.deps.now());
      if (!followed) throw notFollowed();
      return followed.status;
    },
  );

  app.get(
    '/requests/:statusToken/events',
    { schema: { params: statusTokenParams } },
    async (request, reply) => {
      const { statusToken } = request.params;
      const known = await followedRequest(db, statusToken, app.deps.now());
      if (!known) throw notFollowed();
      const stream = streams.open(
        {
          topic: requestTopic(known.requestId),
          sessionId: NO_SESSION,
          sessionExpiresAt: known.expiresAt,
        },
        app.deps.now(),
      );
      // Read again once listening, so that no change falls between the first read and the stream.
      const current = await followedRequest(db, statusToken, app.deps.now());
      if (current) stream.write(statusFrame(current.status));
      request.raw.socket.setTimeout(0);
      return reply.headers({ 'content-type': 'text/event-stream', 'x-accel-buffering': 'no' }).send(stream);
    },
  );
};

export default publicStatusRoutes;
