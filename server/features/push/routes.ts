import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RuntimeConfig } from '#common/api';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { saveDeviceToken } from './device-tokens';
import { LiveStreams } from './live-streams';
import { trackRequestlessSockets } from './requestless-sockets';

/** An FCM registration token: printable ASCII without spaces, as FCM issues them. */
const fcmTokenBody = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .regex(/^[\x21-\x7e]+$/, 'must be a device token'),
});

/** Push and the live channel: run-time push config, device tokens, and the notification stream. */
export default async function pushRoutes(app: FastifyInstance) {
  const { firebase } = app.config;
  const runtimeConfig: RuntimeConfig = {
    push: firebase ? { vapidKey: firebase.vapidKey, firebase: firebase.webConfig } : null,
  };
  app.get('/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  app.post('/users/fcmToken', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const { token } = parseInput(fcmTokenBody, request.body);
    await saveDeviceToken(app.database.db, user.id, token, app.deps.now());
    return { message: 'Device registered for notifications' };
  });

  const streams = new LiveStreams(app.notificationBus, app.config.live);
  const spareSockets = trackRequestlessSockets(app.server);
  // Open streams never end by themselves, and clients leave spare sockets behind them: closing the
  // server would wait for both.
  app.addHook('preClose', async () => {
    streams.closeAll();
    spareSockets.destroyAll();
  });

  app.get('/users/events', { preHandler: app.authenticate }, async (request, reply) => {
    const stream = streams.open(currentUser(request).id);
    return reply
      .headers({
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      })
      .send(stream);
  });
}
