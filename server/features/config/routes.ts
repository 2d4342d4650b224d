import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfig, type RuntimeConfig } from '#common/api';

/** `GET /api/config`: what the PWA needs at run time (push is off without Firebase). */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { firebase } = app.config;
  const config: RuntimeConfig = {
    push: firebase ? { vapidKey: firebase.vapidKey, firebase: firebase.webConfig } : null,
  };
  app.get('/config', { schema: { response: { 200: runtimeConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config;
  });
};

export default configRoutes;
