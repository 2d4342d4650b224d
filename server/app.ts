import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import authRoutes from './features/auth/routes';
import accountRoutes from './features/account/routes';
import { createNoticeSender, createSmsSender, type SmsSender } from './providers/sms';
import callRoutes from './features/calls/routes';
import cardOwnerRoutes from './features/cards/owner-routes';
import cardPublicRoutes from './features/cards/public-routes';
import publicStatusRoutes from './features/cards/status/routes';
import cardPageRoutes from './features/cards/page/routes';
import { phoneCodes } from './domain/codes/phone-codes';
import cardPrintRoutes from './features/cards/print/routes';
import publicPageScript from './plugins/public-page-script';
import { createFlowCaller, createTelephony, type Telephony } from './providers/telephony';
import configRoutes from './features/config/routes';
import activityRoutes from './features/activity/routes';
import falseAlarmCommits from './features/false-alarms/commits';
import falseAlarmRoutes from './features/false-alarms/routes';
import healthRoutes from './features/health/routes';
import liveBus from './domain/live/bus';
import liveRoutes from './features/live/routes';
import notificationRoutes from './features/messages/routes';
import blockingRoutes from './features/messages/blocking-routes';
import type { reencodePhoto } from './features/messages/photo-encoding';
import { createRcVerifier } from './providers/rc';
import ownershipRoutes from './features/ownership/routes';
import profileRoutes from './features/profile/routes';
import { createFirebaseTransport } from './providers/push/firebase-transport';
import { PushSender } from './domain/push/push-sender';
import pushRoutes from './features/push/routes';
import exotelWebhooks from './features/requests/fallback/exotel-webhooks';
import fallbackLadder from './features/requests/fallback/ladder';
import requestLifecycle from './features/requests/lifecycle';
import requestReminders from './features/requests/reminders';
import requestRoutes from './features/requests/routes';
import retention from './features/retention/routes';
import searchRoutes from './features/search/routes';
import publicSlipRoutes from './features/slips/public-routes';
import slipRoutes from './features/slips/routes';
import vehicleRoutes from './features/vehicles/routes';
import waitingNoteDelivery from './features/waiting-notes/delivery-job';
import waitingNoteRoutes from './features/waiting-notes/routes';
import { loggerOptions } from './lib/log-options';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import requestTexts, { requestLanguage } from './i18n/request-texts';
import { textsFor } from './i18n/texts';
import { validatorCompiler } from './lib/validation';
import gracefulClose from './plugins/graceful-close';
import idempotency from './plugins/idempotency';
import openApi from './plugins/openapi';
import rateLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import staticPwa from './plugins/static-pwa';
import requestReach from './domain/requests/plugin';

/** What tests replace: the clock and the outside services. */
export interface AppDeps {
  now: () => Date;
  sms?: SmsSender;
  /** The masked-call provider; null when none is configured. */
  telephony: Telephony | null;
  /** Where the log goes (tests read it); standard output when unset. */
  logStream?: { write(line: string): void };
  /** What decodes and re-encodes an uploaded photo (tests hold it to see who waits); sharp's when unset. */
  decodePhoto?: typeof reencodePhoto;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    deps: AppDeps;
  }
}

const BODY_LIMIT_BYTES = 16 * 1024;

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
    // The router's own refusals (a malformed address, a path parameter too long to read) keep the one
    // error contract too.
    frameworkErrors: (error, request, reply) => {
      const detail = 'the address is malformed or too long';
      reply.raw
        .writeHead(error.statusCode ?? 400, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(
          JSON.stringify({ message: textsFor(requestLanguage(request))._('server.badRequest', { detail }) }),
        );
    },
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
    push: pushTransport && new PushSender(app.database.db, app.sessions, pushTransport, app.log),
    // Delivery bookkeeping: a notification that reached a live stream is marked delivered, and its sender told.
    onDelivered: (notificationId) => app.requestLifecycle.delivered(notificationId),
  });
  await app.register(requestReach);
  await app.register(requestLifecycle);
  await app.register(waitingNoteDelivery);
  await app.register(rateLimits);
  await app.register(compress, { threshold: 1024 });
  await app.register(openApi);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  const sms = deps.sms ?? createSmsSender(config.sms, app.log);
  await app.register(authRoutes, { prefix: '/api/users', sms });

  await app.register(profileRoutes, { prefix: '/api/users' });
  await app.register(accountRoutes, { prefix: '/api/users' });
  await app.register(vehicleRoutes, { prefix: '/api/users' });
  await app.register(ownershipRoutes, {
    prefix: '/api/users',
    rcVerifier: createRcVerifier(config.rcProvider),
  });
  await app.register(searchRoutes, { prefix: '/api/users' });
  await app.register(notificationRoutes, { prefix: '/api/users' });
  await app.register(blockingRoutes, { prefix: '/api/users' });
  await app.register(requestRoutes, { prefix: '/api/users' });
  await app.register(requestReminders);
  await app.register(fallbackLadder, {
    sms: createNoticeSender(config, app.log),
    call: createFlowCaller(config),
  });
  await app.register(exotelWebhooks, { prefix: '/api/telephony/exotel' });
  await app.register(callRoutes, { prefix: '/api/users' });
  await app.register(pushRoutes, { prefix: '/api/users' });
  await app.register(liveRoutes, { prefix: '/api/users' });
  await app.register(waitingNoteRoutes, { prefix: '/api/users' });
  await app.register(retention);
  await app.register(cardOwnerRoutes, { prefix: '/api/users' });
  const phoneCodesOfStrangers = phoneCodes(app, sms, 'stranger');
  await app.register(cardPublicRoutes, { prefix: '/api/public', codes: phoneCodesOfStrangers });
  await app.register(publicStatusRoutes, { prefix: '/api/public' });
  await app.register(publicPageScript);
  await app.register(cardPageRoutes, { codes: phoneCodesOfStrangers });
  await app.register(cardPrintRoutes, { prefix: '/api/users' });
  await app.register(slipRoutes, { prefix: '/api/users' });
  await app.register(publicSlipRoutes);
  await app.register(falseAlarmRoutes, { prefix: '/api/users' });
  await app.register(falseAlarmCommits);
  await app.register(activityRoutes, { prefix: '/api/users' });

  await app.register(staticPwa);
  return app;
}
