import { z } from 'zod';
import { smsConfig, smsSettings } from './providers/sms/sms-settings';
import { telephonyConfig, telephonySettings } from './providers/telephony/exotel-settings';
import { rcProviderConfig, rcProviderSettings } from './providers/rc/cashfree-settings';
import { firebaseConfig, firebaseSettings } from './providers/push/firebase-settings';
import { fallbackConfig, fallbackSettings } from './features/requests/fallback/settings';
import { booleanFlag, ConfigError, wholeNumber } from './lib/settings';
import { publicOrigin, trustProxy } from './lib/network-settings';
import { LIMITS, type LimitDeclaration, type LimitName } from './limits';

export { ConfigError } from './lib/settings';

/** Connections of each of an instance's two PostgreSQL pools (server/db/database.ts). */
export const DEFAULT_DATABASE_POOL_SIZE: number = LIMITS.DATABASE_POOL_SIZE.default;

type LimitSchemas = { [Name in LimitName]: ReturnType<typeof limitSchema> };
const limitSchema = ({ min, max, default: byDefault }: LimitDeclaration) =>
  wholeNumber(min, max).default(byDefault);
/** The environment variable of every declared limit, with the declaration's range and default. */
const limitSchemas = Object.fromEntries(
  Object.entries(LIMITS).map(([name, declaration]) => [name, limitSchema(declaration)]),
) as LimitSchemas;

/** Every setting: the limits, each provider's settings (declared beside its provider) and the server's own. */
const environmentSchema = z.object({
  ...limitSchemas,
  ...smsSettings.shape,
  ...telephonySettings.shape,
  ...rcProviderSettings.shape,
  ...firebaseSettings.shape,
  ...fallbackSettings.shape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_ORIGIN: publicOrigin.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  HSTS: booleanFlag.default(false),
  SIGNUP_CODES_PER_DAY: wholeNumber(1).optional(),
  OTP_PEPPER: z.string().min(16, 'must be at least 16 characters').optional(),
  DIST_DIR: z.string().min(1).default('./dist'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).max(100).default('vahan:'),
  GRIEVANCE_EMAIL: z.email('must be an e-mail address').optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Every environment variable the server reads. */
export const SETTING_NAMES: readonly string[] = Object.keys(environmentSchema.shape);

type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A dumped data directory to start from instead of an empty one (tests: one migrated copy per file). */
      image?: Blob;
    }
  | { kind: 'postgres'; url: string };

/** Where the per-address and per-user counters live: the database, or Redis when a URL is set. */
type RateLimitStore =
  { kind: 'database'; keyPrefix: string } | { kind: 'redis'; url: string; keyPrefix: string };

/** The server's configuration, as `loadConfig` reads it. */
export type Config = ReturnType<typeof loadConfig>;

/** Reads and checks the environment once; nothing else in the server reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  // An empty variable (`DATABASE_URL=`) means unset, as in a shell.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const database: DatabaseConfig = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
  const rateLimitStore: RateLimitStore = env.REDIS_URL
    ? { kind: 'redis', url: env.REDIS_URL, keyPrefix: env.RATE_LIMIT_KEY_PREFIX }
    : { kind: 'database', keyPrefix: env.RATE_LIMIT_KEY_PREFIX };
  // In this order, so that a deployment missing several settings is told of the same one first as before.
  const caps = smsDailyCaps(env);
  const sms = smsConfig(env);
  const publicOrigin = publicOriginOf(env);
  const rcProvider = rcProviderConfig(env);
  const telephony = telephonyConfig(env);
  const firebase = firebaseConfig(env);
  const fallback = fallbackConfig(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** The site's own origin (PUBLIC_ORIGIN): printed and shared links, and what a form post must come from. */
    publicOrigin,
    logLevel: env.LOG_LEVEL,
    /** False, a hop count, or the addresses/CIDRs of the proxies in front (see `trustProxy` in lib/network-settings.ts). */
    trustProxy: env.TRUST_PROXY,
    hsts: env.HSTS,
    database,
    /** Connections of each PostgreSQL pool (DATABASE_POOL_SIZE). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    sessionLifetimes: { idleDays: env.SESSION_TTL_DAYS, maxDays: env.SESSION_MAX_DAYS },
    /**
     * Codes a day: all together, and within it those for sign-ups (numbers without an account) and the
     * repeats (a number's second and later code of the day, at most half of all).
     */
    smsDailyCaps: caps,
    /** How long a one-time code lives, and the wrong tries that burn it. */
    codeLife: { minutes: env.CODE_LIFETIME_MINUTES, tries: env.CODE_TRIES },
    /** The least wait between two codes for one phone. */
    codeResendGapSeconds: env.CODE_RESEND_GAP_S,
    /** Codes an hour for one phone, of each purpose apart. */
    codesPerPhoneHour: env.CODES_PER_PHONE_HOUR,
    /** Codes a day for one phone, sign-up and sign-in codes together. */
    codesPerPhoneDay: env.CODES_PER_PHONE_DAY,
    /** Codes that prove a stranger's phone (before a call through a card): a day in all, and per phone. */
    strangerCodes: { perDay: env.STRANGER_CODES_PER_DAY, perPhoneDay: env.STRANGER_CODES_PER_PHONE_DAY },
    /** The server's secret that one-time codes are hashed with (OTP_PEPPER). */
    otpPepper: otpPepper(env),
    /** Per client address, over an hour: code requests (login + register) and verify tries. */
    addressLimits: {
      codeRequestsPerHour: env.CODE_REQUESTS_PER_ADDRESS_HOUR,
      verifyTriesPerHour: env.VERIFY_TRIES_PER_ADDRESS_HOUR,
    },
    /** Owner searches per signed-in user a minute, so nobody walks the number space. */
    searchesPerUserMinute: env.SEARCHES_PER_USER_MINUTE,
    /** And a day, so nobody harvests owners slowly. */
    searchesPerUserDay: env.SEARCHES_PER_USER_DAY,
    /** Messages and notifications together: per sender a minute, per sender→receiver pair 10 minutes. */
    sendLimits: {
      perSenderPerMinute: env.SENDS_PER_SENDER_MINUTE,
      perPairPer10Minutes: env.SENDS_PER_PAIR_10_MINUTES,
    },
    /** Masked calls to one owner an hour, by all callers together. */
    callsPerReceiverHour: env.CALLS_PER_RECEIVER_HOUR,
    /** Masked calls one caller (an account, or a card's stranger by the proven phone) places an hour: in all, and to one owner. */
    callerCallLimits: {
      perHour: env.CALLS_PER_CALLER_HOUR,
      perReceiverHour: env.CALLS_PER_CALLER_RECEIVER_HOUR,
    },
    /** Per account: vehicles held at once, and adds plus number changes an hour. */
    vehicleLimits: { perUser: env.VEHICLES_PER_USER, changesPerHour: env.VEHICLE_CHANGES_PER_USER_HOUR },
    /** Who checks ownership against the national RC record; null when nobody does. */
    rcProvider,
    /**
     * Ownership checks a day: per account (every plate together, cached answers included) and paid
     * lookups of the provider for the whole service; a proof of ownership lasts `proofDays`.
     */
    rcChecks: {
      perUserDay: env.RC_CHECKS_PER_USER_DAY,
      perDay: env.RC_CHECKS_PER_DAY,
      proofDays: env.RC_PROOF_DAYS,
    },
    sms,
    /** Masked calls: off unless a provider is configured. */
    telephony,
    firebase,
    /** Devices a user receives pushes on; registering one more forgets the least recently seen. */
    devicesPerUser: env.DEVICES_PER_USER,
    /** The live notification channel: heartbeat interval and open streams kept per user (oldest closed). */
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, streamsPerUser: env.LIVE_STREAMS_PER_USER },
    /** A request nobody has seen after this many seconds is pushed to its receiver once more. */
    reminderAfterS: env.REMINDER_AFTER_S,
    distDir: env.DIST_DIR,
    /**
     * On SIGTERM: serve on for `drainMs` with health answering 503 (a proxy moves away), then stop
     * accepting and give the requests in flight up to `graceMs` before the database closes.
     */
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_S * 1000, graceMs: env.SHUTDOWN_GRACE_S * 1000 },
    /** Slow or idle clients: whole request (headers and body), idle socket, idle keep-alive; open sockets. */
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
    },
    rateLimitStore,
    /** The grievance contact the privacy notice names (DPDP Act 2023); null when none is set. */
    grievanceEmail: env.GRIEVANCE_EMAIL ?? null,
    /**
     * How long personal data is kept: one-time codes and the sign-ups they carry, after they expire;
     * requests with their answers and call records, after they were sent.
     */
    retention: { codeHours: env.CODE_RETENTION_HOURS, requestDays: env.REQUEST_RETENTION_DAYS },
    /** Wiper slips: their public page and answers, per client address a minute (no account to count by). */
    slipRequestsPerAddressMinute: env.SLIP_REQUESTS_PER_ADDRESS_MINUTE,
    /** Days a slip can be read and answered after its note was attached. */
    slipReadableDays: env.SLIP_READABLE_DAYS,
    /**
     * Notes left for a number nobody reachable registered: per sender a day, the days each waits, and
     * (with no RC provider) the hours a registration must hold its number alone before notes reach it.
     */
    waitingNotes: {
      perUserDay: env.WAITING_NOTES_PER_USER_DAY,
      days: env.WAITING_NOTE_DAYS,
      holdHours: env.WAITING_NOTE_HOLD_HOURS,
    },
    fallback,
    /**
     * Windscreen cards: tries to send an hour per client address, sends per address and card in 10 minutes,
     * sends per card by everyone, wrong plate digits per card by everyone (a budget of their own), and
     * reads of a card per client address a minute.
     */
    cardSendLimits: {
      perAddressHour: env.CARD_SENDS_PER_ADDRESS_HOUR,
      perAddressAndCard10Minutes: env.CARD_SENDS_PER_ADDRESS_AND_CARD_10_MINUTES,
      perCardHour: env.CARD_SENDS_PER_CARD_HOUR,
      wrongPlatesPerCardHour: env.CARD_WRONG_PLATES_PER_HOUR,
      readsPerAddressMinute: env.CARD_READS_PER_ADDRESS_MINUTE,
    },
    /** Hours a stranger's status token lets them follow the request they sent. */
    statusTokenHours: env.STATUS_TOKEN_HOURS,
    /** Hours "pause the card" keeps it from taking messages. */
    cardPauseHours: env.CARD_PAUSE_HOURS,
    /** Days a card's owner blocks a stranger for (by the browser's cookie, the address or the proven phone). */
    strangerBlockDays: env.STRANGER_BLOCK_DAYS,
    /** Photos sent with a request: the largest upload taken, and the days a stored photo is kept. */
    images: { maxBytes: env.IMAGE_MAX_BYTES, retentionDays: env.IMAGE_RETENTION_DAYS },
    /**
     * False alarms: `toPause` strikes within `windowDays`, from at least two receivers, pause the sender
     * for `pauseDays`; a request can be reported `reportHours` after it was sent, and a report strikes
     * only when its reporter's account is `reporterMinAgeDays` old. A report can be undone for
     * `undoSeconds`, and takes effect only after them.
     */
    strikes: {
      toPause: env.STRIKES_TO_PAUSE,
      windowDays: env.STRIKE_WINDOW_DAYS,
      pauseDays: env.PAUSE_DAYS,
      reportHours: env.FALSE_ALARM_REPORT_HOURS,
      reporterMinAgeDays: env.STRIKE_REPORTER_MIN_AGE_DAYS,
      undoSeconds: env.FALSE_ALARM_UNDO_S,
    },
  };
}

/**
 * Links printed on cards and slips are built from this, never from a request's Host: a forged header
 * must not put its own address under a QR code. A deployment must name it; elsewhere it is this server.
 */
function publicOriginOf(env: Environment): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'PUBLIC_ORIGIN must be set in production: the origin printed cards and slips lead to.',
    );
  }
  return `http://localhost:${env.PORT}`;
}

/** Outside production, codes are hashed with this known pepper: they guard nothing real there. */
const DEVELOPMENT_OTP_PEPPER = 'vahan-contact-development-pepper';

function otpPepper(env: Environment): string {
  if (env.OTP_PEPPER) return env.OTP_PEPPER;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('OTP_PEPPER must be set in production: the secret one-time codes are hashed with.');
  }
  return DEVELOPMENT_OTP_PEPPER;
}

function smsDailyCaps(env: Environment): { total: number; signups: number; repeats: number } {
  const signups = env.SIGNUP_CODES_PER_DAY ?? Math.max(1, Math.floor(env.SMS_DAILY_CAP / 2));
  if (signups > env.SMS_DAILY_CAP) {
    throw new ConfigError('SIGNUP_CODES_PER_DAY cannot be more than SMS_DAILY_CAP: it is a part of it.');
  }
  const repeats = Math.max(1, Math.floor(env.SMS_DAILY_CAP / 2));
  return { total: env.SMS_DAILY_CAP, signups, repeats };
}
