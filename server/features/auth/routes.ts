import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceTokens } from '../../db/schema';
import { toUser } from '../../lib/api-shapes';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { accountForVerifiedPhone, findUserByPhone, savePendingRegistration } from './accounts';
import { OneTimeCodes } from './one-time-codes';
import { loginBody, logoutBody, registerBody, verifyBody } from './schemas';
import type { SmsSender } from './sms';

export interface AuthRoutesOptions {
  sms: SmsSender;
}

export default async function authRoutes(app: FastifyInstance, { sms }: AuthRoutesOptions) {
  const { codeRequestsPerHour, verifyTriesPerHour } = app.config.addressLimits;
  // Per client address, login and register share one budget of code requests: one limiter (one store)
  // for both routes, as a route's own `rateLimit` config would count each route apart.
  const codeRequestLimit = app.createRateLimit({ max: codeRequestsPerHour, timeWindow: '1 hour' });
  const limitCodeRequests = async (request: FastifyRequest) => {
    const limit = await codeRequestLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests('Too many code requests from this network. Try again later.', limit.ttlInSeconds);
    }
  };
  const verifyLimit = { max: verifyTriesPerHour, timeWindow: '1 hour' };
  const codes = new OneTimeCodes(app.database.db, app.deps.now);
  const limits = {
    dailyCap: app.config.smsDailyCap,
    onDailyCapReached: () =>
      app.log.warn({ cap: app.config.smsDailyCap }, 'daily SMS cap reached: code requests are refused'),
  };

  async function sendCode(phone: string): Promise<void> {
    const issued = await codes.issue(phone, limits);
    try {
      await sms.sendCode(phone, issued.code);
    } catch (error) {
      app.log.error({ err: error }, 'sending the one-time code failed');
      await codes.discard(issued);
      throw new HttpError(502, 'Could not send the code. Please try again.');
    }
  }

  app.post('/login', { onRequest: limitCodeRequests }, async (request) => {
    const { phone } = parseInput(loginBody, request.body);
    if (!(await findUserByPhone(app.database.db, phone))) {
      throw notFound('This number is not registered. Please sign up.');
    }
    await sendCode(phone);
    return { message: 'Verification code sent' };
  });

  app.post('/register', { onRequest: limitCodeRequests }, async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    if (await findUserByPhone(app.database.db, body.phone)) {
      throw conflict('This number is already registered. Please sign in.');
    }
    await savePendingRegistration(app.database.db, {
      phone: body.phone,
      name: body.name,
      email: body.email,
      gender: body.gender,
      dateOfBirth: body.dateOfBirth,
      district: body.location,
      city: body.city,
    });
    await sendCode(body.phone);
    return reply.code(201).send({ message: 'Verification code sent', phone: body.phone });
  });

  app.post('/verify', { config: { rateLimit: verifyLimit } }, async (request) => {
    const { phone, otp } = parseInput(verifyBody, request.body);
    if (!(await codes.verify(phone, otp))) throw badRequest('Invalid or expired code');
    const user = await accountForVerifiedPhone(app.database.db, phone);
    if (!user) throw badRequest('Invalid or expired code');
    const token = await app.sessions.create(user.id);
    return { user: toUser(user), token };
  });

  app.get('/validateUser', { preHandler: app.authenticate }, async (request) => ({
    user: toUser(currentUser(request)),
  }));

  app.post('/logout', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const { fcmToken } = parseInput(logoutBody, request.body);
    if (request.bearerToken) await app.sessions.revoke(request.bearerToken);
    if (fcmToken) {
      await app.database.db
        .delete(deviceTokens)
        .where(and(eq(deviceTokens.token, fcmToken), eq(deviceTokens.userId, user.id)));
    }
    return { message: 'Signed out' };
  });
}
