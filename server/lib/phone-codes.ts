import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PendingRegistration } from '../db/schema';
import type { SmsSender } from '../features/auth/sms';
import { clientAddressKey } from './client-address';
import { HttpError, tooManyRequests } from './http-error';
import { OneTimeCodes, type IssueLimits, type VerifiedCode } from './one-time-codes';

const BUDGET_NAMES = {
  total: 'daily SMS cap',
  repeat: 'daily cap of repeat codes',
  signup: 'daily sign-up code cap',
} as const;

export interface PhoneCodes {
  /** Counts a code request against the client address's budget (every route that sends a code shares it). */
  limitCodeRequests(request: FastifyRequest): Promise<void>;
  /** Issues a code within the per-phone and daily limits and texts it; 502 when the SMS did not go. */
  send(phone: string, registration?: PendingRegistration): Promise<void>;
  /** The one-time code check: single use, burnt after five wrong tries. */
  verify(phone: string, code: string): Promise<VerifiedCode | null>;
}

/**
 * The one-time codes that prove a phone, for sign-in and for anyone else who must prove one: the same
 * codes, the same per-phone and daily limits, the same per-address budget of code requests.
 */
export function phoneCodes(app: FastifyInstance, sms: SmsSender): PhoneCodes {
  // One limiter (one store) for every route that sends a code, as a route's own `rateLimit` config
  // would count each route apart.
  const codeRequestLimit = app.createRateLimit({
    max: app.config.addressLimits.codeRequestsPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `code-requests:${clientAddressKey(request.ip)}`,
  });
  const codes = new OneTimeCodes(app.database.db, app.deps.now);
  const limits: IssueLimits = {
    dailyCap: app.config.smsDailyCaps.total,
    signupDailyCap: app.config.smsDailyCaps.signups,
    repeatDailyCap: app.config.smsDailyCaps.repeats,
    perPhoneDaily: app.config.codesPerPhoneDay,
    resendGapMs: app.config.codeResendGapSeconds * 1000,
    onDailyCapReached: (budget, cap) =>
      app.log.warn({ cap, budget }, `${BUDGET_NAMES[budget]} reached: code requests are refused`),
    onDailyCapNear: (budget, cap) =>
      app.log.warn({ cap, budget }, `${BUDGET_NAMES[budget]}: 80% used in the last 24 hours`),
  };

  return {
    async limitCodeRequests(request) {
      const limit = await codeRequestLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw tooManyRequests((i18n) => i18n._('server.auth.tooManyCodeRequests'), limit.ttlInSeconds);
      }
    },
    async send(phone, registration) {
      const issued = await codes.issue(phone, limits, registration);
      try {
        await sms.sendCode(phone, issued.code);
      } catch (error) {
        app.log.error({ err: error }, 'sending the one-time code failed');
        await codes.discard(issued);
        throw new HttpError(502, (i18n) => i18n._('server.auth.codeNotSent'));
      }
    },
    verify: (phone, code) => codes.verify(phone, code),
  };
}
