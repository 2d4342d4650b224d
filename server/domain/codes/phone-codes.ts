import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CodePurpose, PendingRegistration } from '../../db/schema';
import type { SmsSender } from '../../providers/sms';
import { clientAddressKey } from '../../lib/client-address';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { OneTimeCodes, type DailyBudget, type IssueLimits, type VerifiedCode } from './one-time-codes';

const BUDGET_NAMES = {
  total: 'daily SMS cap',
  repeat: 'daily cap of repeat codes',
  signup: 'daily sign-up code cap',
} as const;

/** How the operator's warnings name a budget: strangers have one daily budget only. */
const budgetName = (purpose: CodePurpose, budget: DailyBudget) =>
  purpose === 'stranger' ? "daily cap of strangers' codes" : BUDGET_NAMES[budget];

export interface PhoneCodes {
  /** Counts a code request against the client address's budget (every route of the purpose shares it). */
  limitCodeRequests(request: FastifyRequest): Promise<void>;
  /** Issues a code within the per-phone and daily limits and texts it; 502 when the SMS did not go. */
  send(phone: string, registration?: PendingRegistration): Promise<void>;
  /** The one-time code check: single use, burnt after five wrong tries. */
  verify(phone: string, code: string): Promise<VerifiedCode | null>;
}

/** The limits of each purpose's codes: sign-in and sign-up codes, or a stranger's (before a call through a card). */
function limitsOf(app: FastifyInstance, purpose: CodePurpose) {
  const { config } = app;
  const shared = {
    resendGapMs: config.codeResendGapSeconds * 1000,
    perPhoneHourly: config.codesPerPhoneHour,
    onDailyCapReached: (budget, cap) =>
      app.log.warn({ cap, budget }, `${budgetName(purpose, budget)} reached: code requests are refused`),
    onDailyCapNear: (budget, cap) =>
      app.log.warn({ cap, budget }, `${budgetName(purpose, budget)}: 80% used in the last 24 hours`),
  } satisfies Partial<IssueLimits>;
  if (purpose === 'stranger') {
    return {
      ...shared,
      dailyCap: config.strangerCodes.perDay,
      perPhoneDaily: config.strangerCodes.perPhoneDay,
      pausedText: (i18n) => i18n._('server.cards.callCodesPaused'),
    } satisfies IssueLimits;
  }
  return {
    ...shared,
    dailyCap: config.smsDailyCaps.total,
    signupDailyCap: config.smsDailyCaps.signups,
    repeatDailyCap: config.smsDailyCaps.repeats,
    perPhoneDaily: config.codesPerPhoneDay,
    pausedText: (i18n) => i18n._('server.auth.codesPaused'),
  } satisfies IssueLimits;
}

/**
 * The one-time codes that prove a phone, for one purpose: signing in (and up), or a stranger proving
 * their phone before a call through a card. Each purpose has its own codes, per-phone and daily limits
 * and per-address budget of code requests, so strangers' codes never spend what sign-in needs.
 */
export function phoneCodes(app: FastifyInstance, sms: SmsSender, purpose: CodePurpose): PhoneCodes {
  // One limiter (one store) for every route of the purpose, as a route's own `rateLimit` config
  // would count each route apart.
  const codeRequestLimit = app.createRateLimit({
    max: app.config.addressLimits.codeRequestsPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) =>
      `${purpose === 'stranger' ? 'stranger-code-requests' : 'code-requests'}:${clientAddressKey(request.ip)}`,
  });
  const codes = new OneTimeCodes(app.database.db, app.deps.now, purpose, app.config.otpPepper, {
    ms: app.config.codeLife.minutes * 60_000,
    tries: app.config.codeLife.tries,
  });
  const limits: IssueLimits = limitsOf(app, purpose);

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
