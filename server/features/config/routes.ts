import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfig, type RuntimeConfig } from '#common/api';
import { cachedActiveUsers } from './active-users';

/** `GET /api/config`: what the PWA needs at run time (push is off without Firebase). */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { firebase, grievanceEmail, retention, sessionLifetimes } = app.config;
  const config: Omit<RuntimeConfig, 'activeUsers'> = {
    grievanceEmail,
    retention,
    sessionMaxDays: sessionLifetimes.maxDays,
    push: firebase ? { vapidKey: firebase.vapidKey, firebase: firebase.webConfig } : null,
  };
  const activeUsers = cachedActiveUsers(app.database.db, () => app.deps.now());
  app.get('/config', { schema: { response: { 200: runtimeConfig } } }, async () => ({
    ...config,
    activeUsers: await activeUsers(),
  }));
};

export default configRoutes;
