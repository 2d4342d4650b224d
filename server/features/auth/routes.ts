import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentResponse,
  emptyObject,
  loginPayload,
  logoutPayload,
  messageResponse,
  registerPayload,
  registerResponse,
  sessionList,
  userResponse,
  verifyPayload,
  verifyResponse,
} from '#common/api';
import { toUser } from '../../domain/api-shapes';
import { clientAddressKey } from '../../lib/client-address';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { phoneCodes } from '../../domain/codes/phone-codes';
import { currentSession, currentUser } from '../../plugins/auth';
import { forgetDeviceToken } from '../../domain/push/device-tokens';
import { accountForVerifiedPhone, findUserByPhone } from './accounts';
import type { SmsSender } from '../../providers/sms';

export interface AuthRoutesOptions {
  sms: SmsSender;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { sms }) => {
  const { verifyTriesPerHour } = app.config.addressLimits;
  const { codeResendGapSeconds } = app.config;
  const verifyLimit = {
    max: verifyTriesPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `verify:${clientAddressKey(request.ip)}`,
    errorResponseBuilder: (_request: unknown, context: { ttl: number; after: string }) =>
      tooManyRequests(
        (i18n) => i18n._('server.auth.tooManyVerifyTries', { after: context.after }),
        context.ttl / 1000,
      ),
  };
  const codes = phoneCodes(app, sms, 'sign-in');
  const limitCodeRequests = codes.limitCodeRequests;
  const sendCode = codes.send;

  app.post(
    '/login',
    { onRequest: limitCodeRequests, schema: { body: loginPayload, response: { 200: codeSentResponse } } },
    async (request) => {
      const { phone } = request.body;
      if (!(await findUserByPhone(app.database.db, phone))) {
        throw notFound((i18n) => i18n._('server.auth.notRegistered'));
      }
      await sendCode(phone);
      return { message: request.i18n._('server.auth.codeSent'), resendAfterSeconds: codeResendGapSeconds };
    },
  );

  app.post(
    '/register',
    { onRequest: limitCodeRequests, schema: { body: registerPayload, response: { 201: registerResponse } } },
    async (request, reply) => {
      const { body } = request;
      if (await findUserByPhone(app.database.db, body.phone)) {
        throw conflict((i18n) => i18n._('server.auth.alreadyRegistered'));
      }
      await sendCode(body.phone, {
        name: body.name,
        email: body.email,
        gender: body.gender,
        dateOfBirth: body.dateOfBirth,
        district: body.location,
        city: body.city,
        phoneVisible: body.phoneVisible,
        language: body.language,
        ...(body.consent ? { consentedAt: app.deps.now().toISOString() } : {}),
      });
      return reply.code(201).send({
        message: request.i18n._('server.auth.codeSent'),
        resendAfterSeconds: codeResendGapSeconds,
        phone: body.phone,
      });
    },
  );

  app.post(
    '/verify',
    {
      config: { rateLimit: verifyLimit },
      schema: { body: verifyPayload, response: { 200: verifyResponse } },
    },
    async (request) => {
      const { phone, otp } = request.body;
      const verified = await codes.verify(phone, otp);
      if (!verified) throw badRequest((i18n) => i18n._('server.auth.invalidCode'));
      const user = await accountForVerifiedPhone(
        app.database.db,
        phone,
        verified.registration,
        app.deps.now(),
      );
      if (!user) throw badRequest((i18n) => i18n._('server.auth.invalidCode'));
      const token = await app.sessions.create(user.id);
      return { user: toUser(user), token };
    },
  );

  app.get(
    '/validateUser',
    { preValidation: app.authenticate, schema: { response: { 200: userResponse } } },
    async (request) => ({
      user: toUser(currentUser(request)),
    }),
  );

  app.post(
    '/logout',
    { preValidation: app.authenticate, schema: { body: logoutPayload, response: { 200: messageResponse } } },
    async (request) => {
      const user = currentUser(request);
      const { fcmToken } = request.body;
      if (request.bearerToken) {
        const ended = await app.sessions.revoke(request.bearerToken);
        if (ended)
          app.notificationBus.publish({ kind: 'sessions-ended', userId: user.id, sessionIds: [ended] });
      }
      if (fcmToken) await forgetDeviceToken(app.database.db, user.id, fcmToken);
      return { message: request.i18n._('server.auth.signedOut') };
    },
  );

  app.get(
    '/sessions',
    { preValidation: app.authenticate, schema: { querystring: emptyObject, response: { 200: sessionList } } },
    async (request) => {
      const current = currentSession(request);
      const sessions = await app.sessions.list(currentUser(request).id);
      return sessions.map((session) => ({
        _id: session.id,
        createdAt: session.createdAt.toISOString(),
        lastSeen: session.lastSeen.toISOString(),
        current: session.id === current.id,
      }));
    },
  );

  app.post(
    '/logoutOthers',
    { preValidation: app.authenticate, schema: { body: emptyObject, response: { 200: messageResponse } } },
    async (request) => {
      const user = currentUser(request);
      const ended = await app.sessions.revokeOthers(user.id, currentSession(request).id);
      if (ended.length > 0)
        app.notificationBus.publish({ kind: 'sessions-ended', userId: user.id, sessionIds: ended });
      return { message: request.i18n._('server.auth.signedOutOthers') };
    },
  );
};

export default authRoutes;
