import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fcmTokenPayload, messageResponse } from '#common/api';
import { currentSession, currentUser } from '../../plugins/auth';
import { saveDeviceToken } from '../../domain/push/device-tokens';

/** Push: the devices of a user, by their FCM registration tokens. */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/fcmToken',
    {
      preValidation: app.authenticate,
      schema: { body: fcmTokenPayload, response: { 200: messageResponse } },
    },
    async (request) => {
      const session = { userId: currentUser(request).id, sessionId: currentSession(request).id };
      await saveDeviceToken(
        app.database.db,
        session,
        request.body.token,
        app.deps.now(),
        app.config.devicesPerUser,
      );
      return { message: request.i18n._('server.push.deviceRegistered') };
    },
  );
};

export default pushRoutes;
