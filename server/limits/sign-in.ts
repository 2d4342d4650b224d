import { SESSION_MAX_DAYS_DEFAULT } from '#common/session-lifetime';
import type { LimitDeclaration } from './limit';

/** Signing in: sessions, one-time codes and the addresses that ask for them. */
export const SIGN_IN_LIMITS = {
  SESSION_TTL_DAYS: {
    default: 30,
    min: 1,
    max: 365,
    unit: 'days',
    why: 'a session left unused ends, so a lost phone does not stay signed in',
  },
  SESSION_MAX_DAYS: {
    default: SESSION_MAX_DAYS_DEFAULT,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'a session ends this long after sign-in however much it is used',
  },
  SMS_DAILY_CAP: {
    default: 5000,
    min: 1,
    unit: 'codes a day',
    why: 'the SMS bill of sign-in codes has a ceiling',
  },
  CODE_LIFETIME_MINUTES: {
    default: 5,
    min: 1,
    max: 60,
    unit: 'minutes',
    why: 'a code read off a phone is used at once; an old one is a guess waiting to happen',
  },
  CODE_TRIES: {
    default: 5,
    min: 1,
    max: 100,
    unit: 'tries',
    why: 'a code of six digits is not guessed by trying',
  },
  CODE_RESEND_GAP_S: {
    default: 30,
    min: 0,
    max: 3600,
    unit: 'seconds',
    why: 'one phone cannot be flooded with codes',
  },
  CODES_PER_PHONE_HOUR: {
    default: 5,
    min: 1,
    unit: 'codes an hour',
    why: 'a phone’s codes come in bursts no bigger than a person needs',
  },
  CODES_PER_PHONE_DAY: {
    default: 10,
    min: 1,
    unit: 'codes a day',
    why: 'one phone cannot be flooded with codes over a day',
  },
  STRANGER_CODES_PER_DAY: {
    default: 500,
    min: 0,
    unit: 'codes a day',
    why: 'strangers’ phone proofs have a budget of their own, apart from sign-in',
  },
  STRANGER_CODES_PER_PHONE_DAY: {
    default: 3,
    min: 1,
    unit: 'codes a day',
    why: 'a stranger’s phone is not texted over and over',
  },
  CODE_REQUESTS_PER_ADDRESS_HOUR: {
    default: 20,
    min: 1,
    unit: 'requests an hour',
    why: 'one address cannot spend the SMS budget',
  },
  VERIFY_TRIES_PER_ADDRESS_HOUR: {
    default: 60,
    min: 1,
    unit: 'tries an hour',
    why: 'one address cannot guess codes',
  },
  VEHICLES_PER_USER: {
    default: 10,
    min: 1,
    max: 100_000,
    unit: 'vehicles',
    why: 'one account cannot claim the plates of a town',
  },
  VEHICLE_CHANGES_PER_USER_HOUR: {
    default: 20,
    min: 1,
    unit: 'changes an hour',
    why: 'plates are not cycled to collect others’ requests',
  },
  RC_CHECKS_PER_USER_DAY: {
    default: 5,
    min: 1,
    unit: 'checks a day',
    why: 'one account cannot spend the paid RC lookups',
  },
  RC_CHECKS_PER_DAY: {
    default: 1000,
    min: 1,
    unit: 'lookups a day',
    why: 'the RC provider’s bill has a ceiling',
  },
  RC_PROOF_DAYS: {
    default: 365,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'a car changes hands; its proof of ownership lapses',
  },
  DEVICES_PER_USER: {
    default: 10,
    min: 1,
    max: 1000,
    unit: 'devices',
    why: 'one account’s pushes go to a handful of phones, not a list without end',
  },
} as const satisfies Record<string, LimitDeclaration>;
