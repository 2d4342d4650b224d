import type { LimitDeclaration } from './limit';

/** The fallback ladder: when its SMS and call go, and how many. */
export const FALLBACK_LIMITS = {
  FALLBACK_SMS_AFTER_S: {
    default: 60,
    min: 1,
    max: 86_400,
    unit: 'seconds',
    why: 'an SMS goes only when the app did not reach the owner',
  },
  FALLBACK_CALL_AFTER_S: {
    default: 300,
    min: 1,
    max: 86_400,
    unit: 'seconds',
    why: 'a call goes only when the SMS did not',
  },
  FALLBACK_SMS_PER_RECEIVER_DAY: {
    default: 5,
    min: 0,
    unit: 'SMS a day',
    why: 'an owner is not texted over and over',
  },
  FALLBACK_CALLS_PER_RECEIVER_DAY: {
    default: 3,
    min: 0,
    unit: 'calls a day',
    why: 'an owner is not rung over and over',
  },
  FALLBACK_CALLS_PER_SOURCE_HOUR: {
    default: 1,
    min: 0,
    unit: 'calls an hour',
    why: 'one source’s requests ring one owner once an hour',
  },
  FALLBACK_SMS_PER_DAY: { default: 2000, min: 0, unit: 'SMS a day', why: 'the SMS bill has a ceiling' },
  FALLBACK_CALLS_PER_DAY: {
    default: 500,
    min: 0,
    unit: 'calls a day',
    why: 'the telephony bill has a ceiling',
  },
  FALLBACK_SMS_PER_SENDER_DAY: {
    default: 5,
    min: 0,
    unit: 'SMS a day',
    why: 'one sender cannot spend the service’s SMS',
  },
  FALLBACK_CALLS_PER_SENDER_DAY: {
    default: 2,
    min: 0,
    unit: 'calls a day',
    why: 'one sender cannot spend the service’s calls',
  },
} as const satisfies Record<string, LimitDeclaration>;
