import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfig, type RuntimeConfig } from '#common/api';

/** `GET /api/config`: what the PWA needs at run time (push is off without Firebase). */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { firebase, grievanceEmail, retention } = app.config;
  const config: RuntimeConfig = {
    grievanceEmail,
    retention,
    push: firebase ? { vapidKey: firebase.vapidKey, firebase: firebase.webConfig } : null,
  };
  app.get('/config', { schema: { response: { 200: runtimeConfig } } }, async () => config);
};

export default configRoutes;
