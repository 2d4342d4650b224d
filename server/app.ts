import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import authRoutes from './features/auth/routes';
import { createSmsSender, type SmsSender } from './features/auth/sms';
import healthRoutes from './features/health/routes';
import notificationRoutes from './features/notifications/routes';
import profileRoutes from './features/profile/routes';
import pushRoutes from './features/push/routes';
import searchRoutes from './features/search/routes';
import vehicleRoutes from './features/vehicles/routes';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import gracefulClose from './plugins/graceful-close';
import notificationBus from './plugins/notification-bus';
import securityHeaders from './plugins/security-headers';
import staticPwa from './plugins/static-pwa';

/** What tests replace: the clock and the outside services. */
export interface AppDeps {
  now: () => Date;
  sms?: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    deps: AppDeps;
  }
}

export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(config: Config, deps: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.decorate('config', config);
  app.decorate('deps', { now: () => new Date(), ...deps });

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(gracefulClose);
  await app.register(database);
  await app.register(auth);
  await app.register(notificationBus);
  await app.register(rateLimit, { global: false });
  await app.register(compress, { threshold: 1024 });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, {
    prefix: '/api/users',
    sms: deps.sms ?? createSmsSender(config.sms, app.log),
  });

  await app.register(profileRoutes, { prefix: '/api/users' });
  await app.register(vehicleRoutes, { prefix: '/api/users' });
  await app.register(searchRoutes, { prefix: '/api/users' });
  await app.register(notificationRoutes, { prefix: '/api/users' });
  await app.register(pushRoutes, { prefix: '/api' });

  await app.register(staticPwa);
  return app;
}
