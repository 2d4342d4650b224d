import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import authRoutes from './features/auth/routes';
import { createSmsSender, type SmsSender } from './features/auth/sms';
import callRoutes from './features/calls/routes';
import { createTelephony, type Telephony } from './features/calls/telephony';
import configRoutes from './features/config/routes';
import healthRoutes from './features/health/routes';
import liveBus from './features/live/bus';
import liveRoutes from './features/live/routes';
import notificationRoutes from './features/notifications/routes';
import { createRcVerifier } from './features/ownership/rc';
import ownershipRoutes from './features/ownership/routes';
import profileRoutes from './features/profile/routes';
import { createFirebaseTransport } from './features/push/firebase-transport';
import { PushSender } from './features/push/push-sender';
import pushRoutes from './features/push/routes';
import requestRoutes from './features/requests/routes';
import searchRoutes from './features/search/routes';
import vehicleRoutes from './features/vehicles/routes';
import { loggerOptions } from './lib/log-options';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import requestTexts from './i18n/request-texts';
import { validatorCompiler } from './lib/validation';
import gracefulClose from './plugins/graceful-close';
import idempotency from './plugins/idempotency';
import rateLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import staticPwa from './plugins/static-pwa';

/** What tests replace: the clock and the outside services. */
export interface AppDeps {
  now: () => Date;
  sms?: SmsSender;
  /** The masked-call provider; null when none is configured. */
  telephony: Telephony | null;
  /** Where the log goes (tests read it); standard output when unset. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    deps: AppDeps;
  }
}

export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(config: Config, deps: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const { timeouts, trustProxy } = config;
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count as proxy-addr reads it: the n addresses nearest the server are proxies.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Requests that still reach a closing server are served: the database outlives them (graceful-close).
    return503OnClosing: false,
    // A client gets this long to send its headers and body; an idle socket and an idle keep-alive end.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.requestMs,
      // Node enforces the two above only when it checks its connections: by default every 30 s.
      connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),
    },
  });
  app.server.maxConnections = timeouts.maxConnections;
  // Routes take their body, query and response schemas from the contract in common/api.ts.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('deps', { now: () => new Date(), telephony: createTelephony(config.telephony), ...deps });

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(database);
  await app.register(gracefulClose);
  await app.register(auth);
  await app.register(requestTexts);
  await app.register(idempotency);
  const pushTransport = config.firebase ? createFirebaseTransport(config.firebase.serviceAccount) : null;
  await app.register(liveBus, {
    push: pushTransport && new PushSender(app.database.db, pushTransport, app.log),
  });
  await app.register(rateLimits);
  await app.register(compress, { threshold: 1024 });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(authRoutes, {
    prefix: '/api/users',
    sms: deps.sms ?? createSmsSender(config.sms, app.log),
  });

  await app.register(profileRoutes, { prefix: '/api/users' });
  await app.register(vehicleRoutes, { prefix: '/api/users' });
  await app.register(ownershipRoutes, {
    prefix: '/api/users',
    rcVerifier: createRcVerifier(config.rcProvider),
  });
  await app.register(searchRoutes, { prefix: '/api/users' });
  await app.register(notificationRoutes, { prefix: '/api/users' });
  await app.register(requestRoutes, { prefix: '/api/users' });
  await app.register(callRoutes, { prefix: '/api/users' });
  await app.register(pushRoutes, { prefix: '/api/users' });
  await app.register(liveRoutes, { prefix: '/api/users' });

  await app.register(staticPwa);
  return app;
}
