import { isIP } from 'node:net';
import { z } from 'zod';
import type { RuntimeConfig } from '#common/api';
import { LIMITS, type LimitDeclaration, type LimitName } from './limits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A whole number written plainly: an empty value, `1e3` or `0x1F` is a mistake, not a number. */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const jsonObject = z.string().transform((text, ctx) => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
  return z.NEVER;
});

/** The Firebase web app config the PWA needs for `getToken`; other keys are dropped. */
const firebaseWebConfig = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1).optional(),
  projectId: z.string().min(1),
  storageBucket: z.string().min(1).optional(),
  messagingSenderId: z.string().min(1),
  appId: z.string().min(1),
}) satisfies z.ZodType<FirebaseWebConfig>;

/** Loopback listening addresses: only this machine can reach the server. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/** A provider's API base: https://, or http:// only to a loopback address (a local fake in tests). */
const providerBaseUrl = z.url().refine((value) => {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (isLoopbackHost(url.hostname) || url.hostname.startsWith('127.'));
}, 'must be an https:// URL (http:// only for a loopback address)');

/** The site's own origin as people reach it: http(s)://host[:port], no path, query or credentials. */
const publicOrigin = z.string().transform((value, ctx) => {
  const url = URL.parse(value);
  const bare = url?.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && bare) return url.origin;
  ctx.addIssue({
    code: 'custom',
    message: 'must be an http:// or https:// origin, such as https://vahan.example',
  });
  return z.NEVER;
});

const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
};

/**
 * Which proxies in front of the server to believe about the client address: none (`false`), a hop
 * count (`1`: the proxy right in front), or proxy addresses/CIDRs. `true` would believe any
 * X-Forwarded-For a client writes itself, so it is refused.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (text === 'true' || text === '*') {
    ctx.addIssue({
      code: 'custom',
      message: 'true trusts any client; give the hop count (1) or the proxy addresses',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
});

/** Connections of each of an instance's two PostgreSQL pools (server/db/database.ts). */
export const DEFAULT_DATABASE_POOL_SIZE: number = LIMITS.DATABASE_POOL_SIZE.default;

type LimitSchemas = { [Name in LimitName]: ReturnType<typeof limitSchema> };
const limitSchema = ({ min, max, default: byDefault }: LimitDeclaration) =>
  wholeNumber(min, max).default(byDefault);
/** The environment variable of every declared limit, with the declaration's range and default. */
const limitSchemas = Object.fromEntries(
  Object.entries(LIMITS).map(([name, declaration]) => [name, limitSchema(declaration)]),
) as LimitSchemas;

const environmentSchema = z.object({
  ...limitSchemas,
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
  RC_PROVIDER: z.enum(['none', 'cashfree']).default('none'),
  CASHFREE_CLIENT_ID: z.string().min(1).optional(),
  CASHFREE_CLIENT_SECRET: z.string().min(1).optional(),
  CASHFREE_BASE_URL: providerBaseUrl.default('https://api.cashfree.com/verification'),
  SMS_PROVIDER: z.enum(['log', 'twilio', 'msg91']).optional(),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_BASE_URL: providerBaseUrl.default('https://control.msg91.com'),
  TELEPHONY_PROVIDER: z.enum(['exotel']).optional(),
  EXOTEL_ACCOUNT_SID: z.string().min(1).optional(),
  EXOTEL_API_KEY: z.string().min(1).optional(),
  EXOTEL_API_TOKEN: z.string().min(1).optional(),
  EXOTEL_CALLER_ID: z.string().min(1).optional(),
  EXOTEL_BASE_URL: providerBaseUrl.default('https://api.in.exotel.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: providerBaseUrl.default('https://api.twilio.com'),
  FIREBASE_SERVICE_ACCOUNT: jsonObject.optional(),
  FIREBASE_WEB_CONFIG: jsonObject.pipe(firebaseWebConfig).optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  DIST_DIR: z.string().min(1).default('./dist'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).max(100).default('vahan:'),
  GRIEVANCE_EMAIL: z.email('must be an e-mail address').optional(),
  MSG91_NOTICE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_NOTICE_TEMPLATE_ID_ML: z.string().min(1).optional(),
  // Exotel writes its flow URLs with http://; Exotel, not this server, fetches it.
  EXOTEL_FLOW_URL: z.url().optional(),
  EXOTEL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Every environment variable the server reads. */
export const SETTING_NAMES: readonly string[] = Object.keys(environmentSchema.shape);

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}

export interface CashfreeConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

export interface Msg91Config {
  authKey: string;
  templateId: string;
  baseUrl: string;
}

export interface ExotelConfig {
  accountSid: string;
  apiKey: string;
  apiToken: string;
  /** The ExoPhone both sides of a masked call see. */
  callerId: string;
  baseUrl: string;
  /** Longest a masked call may last, in seconds (Exotel's `TimeLimit`). */
  callTimeLimitS: number;
}

/**
 * The fallback ladder: when a request's receiver gets an SMS and a call (seconds after it was sent),
 * how many a receiver gets a day and the service sends a day, and what each step needs of its provider.
 */
export interface FallbackConfig {
  smsAfterS: number;
  callAfterS: number;
  perReceiverDay: { sms: number; call: number };
  perDay: { sms: number; call: number };
  /** Steps one sender's requests may cause in 24 h: an account, or a stranger counted per card and per address. */
  perSenderDay: { sms: number; call: number };
  /** Fallback calls an hour to one receiver for the requests of one source. */
  callsPerSourceHour: number;
  /** MSG91's DLT templates of the notice, by language (English when a language has none); null unless MSG91 sends. */
  msg91NoticeTemplates: { en: string; ml: string } | null;
  /** Exotel's call flow the call connects to, and the secret its webhooks carry; null when the call step is off. */
  callFlow: { url: string; webhookSecret: string } | null;
}

export type FirebaseWebConfig = NonNullable<RuntimeConfig['push']>['firebase'];

export interface FirebaseConfig {
  serviceAccount: Record<string, unknown>;
  webConfig: FirebaseWebConfig;
  vapidKey: string;
}

export interface Config {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  /** The site's own origin (PUBLIC_ORIGIN): printed and shared links, and what a form post must come from. */
  publicOrigin: string;
  logLevel: Environment['LOG_LEVEL'];
  /** False, a hop count, or the addresses/CIDRs of the proxies in front (see `trustProxy` above). */
  trustProxy: false | number | string[];
  hsts: boolean;
  database:
    | {
        kind: 'pglite';
        dataDir: string;
        /** A dumped data directory to start from instead of an empty one (tests: one migrated copy per file). */
        image?: Blob;
      }
    | { kind: 'postgres'; url: string };
  /** Connections of each PostgreSQL pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  sessionLifetimes: { idleDays: number; maxDays: number };
  /**
   * Codes a day: all together, and within it those for sign-ups (numbers without an account) and the
   * repeats (a number's second and later code of the day, at most half of all).
   */
  smsDailyCaps: { total: number; signups: number; repeats: number };
  /** The least wait between two codes for one phone. */
  codeResendGapSeconds: number;
  /** Codes an hour for one phone, of each purpose apart. */
  codesPerPhoneHour: number;
  /** Codes a day for one phone, sign-up and sign-in codes together. */
  codesPerPhoneDay: number;
  /** Codes that prove a stranger's phone (before a call through a card): a day in all, and per phone. */
  strangerCodes: { perDay: number; perPhoneDay: number };
  /** The server's secret that one-time codes are hashed with (OTP_PEPPER). */
  otpPepper: string;
  /** Per client address, over an hour: code requests (login + register) and verify tries. */
  addressLimits: { codeRequestsPerHour: number; verifyTriesPerHour: number };
  /** Owner searches per signed-in user a minute, so nobody walks the number space. */
  searchesPerUserMinute: number;
  /** And a day, so nobody harvests owners slowly. */
  searchesPerUserDay: number;
  /** Messages and notifications together: per sender a minute, per sender→receiver pair 10 minutes. */
  sendLimits: { perSenderPerMinute: number; perPairPer10Minutes: number };
  /** Masked calls to one owner an hour, by all callers together. */
  callsPerReceiverHour: number;
  /** Masked calls one caller (an account, or a card's stranger by the proven phone) places an hour: in all, and to one owner. */
  callerCallLimits: { perHour: number; perReceiverHour: number };
  /** Per account: vehicles held at once, and adds plus number changes an hour. */
  vehicleLimits: { perUser: number; changesPerHour: number };
  /** Who checks ownership against the national RC record; null when nobody does. */
  rcProvider: ({ provider: 'cashfree' } & CashfreeConfig) | null;
  /**
   * Ownership checks a day: per account (every plate together, cached answers included) and paid
   * lookups of the provider for the whole service; a proof of ownership lasts `proofDays`.
   */
  rcChecks: { perUserDay: number; perDay: number; proofDays: number };
  sms: { provider: 'log' } | ({ provider: 'twilio' } & TwilioConfig) | ({ provider: 'msg91' } & Msg91Config);
  /** Masked calls: off unless a provider is configured. */
  telephony: { provider: 'none' } | ({ provider: 'exotel' } & ExotelConfig);
  firebase: FirebaseConfig | null;
  /** Devices a user receives pushes on; registering one more forgets the least recently seen. */
  devicesPerUser: number;
  /** The live notification channel: heartbeat interval and open streams kept per user (oldest closed). */
  live: { heartbeatMs: number; streamsPerUser: number };
  /** A request nobody has seen after this many seconds is pushed to its receiver once more. */
  reminderAfterS: number;
  distDir: string;
  /**
   * On SIGTERM: serve on for `drainMs` with health answering 503 (a proxy moves away), then stop
   * accepting and give the requests in flight up to `graceMs` before the database closes.
   */
  shutdown: { drainMs: number; graceMs: number };
  /** Slow or idle clients: whole request (headers and body), idle socket, idle keep-alive; open sockets. */
  timeouts: { requestMs: number; connectionMs: number; keepAliveMs: number; maxConnections: number };
  /** Where the per-address and per-user counters live: the database, or Redis when a URL is set. */
  rateLimitStore: { kind: 'database'; keyPrefix: string } | { kind: 'redis'; url: string; keyPrefix: string };
  /** The grievance contact the privacy notice names (DPDP Act 2023); null when none is set. */
  grievanceEmail: string | null;
  /**
   * How long personal data is kept: one-time codes and the sign-ups they carry, after they expire;
   * requests with their answers and call records, after they were sent.
   */
  retention: { codeHours: number; requestDays: number };
  /** Wiper slips: their public page and answers, per client address a minute (no account to count by). */
  slipRequestsPerAddressMinute: number;
  /** Days a slip can be read and answered after its note was attached. */
  slipReadableDays: number;
  /**
   * Notes left for a number nobody reachable registered: per sender a day, the days each waits, and
   * (with no RC provider) the hours a registration must hold its number alone before notes reach it.
   */
  waitingNotes: { perUserDay: number; days: number; holdHours: number };
  fallback: FallbackConfig;
  /**
   * Windscreen cards: tries to send an hour per client address, sends per card by everyone, wrong plate
   * digits per card by everyone (a budget of their own), and reads of a card per client address a minute.
   */
  cardSendLimits: {
    perAddressHour: number;
    /** Sends one address makes at one card in 10 minutes, and as many guesses (counted apart). */
    perAddressAndCard10Minutes: number;
    perCardHour: number;
    wrongPlatesPerCardHour: number;
    readsPerAddressMinute: number;
  };
  /** Days a card's owner blocks a stranger for (by the browser's cookie, the address or the proven phone). */
  strangerBlockDays: number;
  /** Photos sent with a request: the largest upload taken, and the days a stored photo is kept. */
  images: { maxBytes: number; retentionDays: number };
  /**
   * False alarms: `toPause` strikes within `windowDays`, from at least two receivers, pause the sender
   * for `pauseDays`; a request can be reported `reportHours` after it was sent, and a report strikes
   * only when its reporter's account is `reporterMinAgeDays` old.
   */
  strikes: {
    toPause: number;
    windowDays: number;
    pauseDays: number;
    reportHours: number;
    reporterMinAgeDays: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment once; nothing else in the server reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in a shell.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    hsts: env.HSTS,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    sessionLifetimes: { idleDays: env.SESSION_TTL_DAYS, maxDays: env.SESSION_MAX_DAYS },
    smsDailyCaps: smsDailyCaps(env),
    codeResendGapSeconds: env.CODE_RESEND_GAP_S,
    codesPerPhoneHour: env.CODES_PER_PHONE_HOUR,
    codesPerPhoneDay: env.CODES_PER_PHONE_DAY,
    strangerCodes: { perDay: env.STRANGER_CODES_PER_DAY, perPhoneDay: env.STRANGER_CODES_PER_PHONE_DAY },
    addressLimits: {
      codeRequestsPerHour: env.CODE_REQUESTS_PER_ADDRESS_HOUR,
      verifyTriesPerHour: env.VERIFY_TRIES_PER_ADDRESS_HOUR,
    },
    searchesPerUserMinute: env.SEARCHES_PER_USER_MINUTE,
    searchesPerUserDay: env.SEARCHES_PER_USER_DAY,
    sendLimits: {
      perSenderPerMinute: env.SENDS_PER_SENDER_MINUTE,
      perPairPer10Minutes: env.SENDS_PER_PAIR_10_MINUTES,
    },
    callsPerReceiverHour: env.CALLS_PER_RECEIVER_HOUR,
    callerCallLimits: {
      perHour: env.CALLS_PER_CALLER_HOUR,
      perReceiverHour: env.CALLS_PER_CALLER_RECEIVER_HOUR,
    },
    vehicleLimits: { perUser: env.VEHICLES_PER_USER, changesPerHour: env.VEHICLE_CHANGES_PER_USER_HOUR },
    sms: smsConfig(env),
    publicOrigin: publicOriginOf(env),
    rcProvider: rcProviderConfig(env),
    rcChecks: {
      perUserDay: env.RC_CHECKS_PER_USER_DAY,
      perDay: env.RC_CHECKS_PER_DAY,
      proofDays: env.RC_PROOF_DAYS,
    },
    telephony: telephonyConfig(env),
    firebase: firebaseConfig(env),
    devicesPerUser: env.DEVICES_PER_USER,
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, streamsPerUser: env.LIVE_STREAMS_PER_USER },
    reminderAfterS: env.REMINDER_AFTER_S,
    distDir: env.DIST_DIR,
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_S * 1000, graceMs: env.SHUTDOWN_GRACE_S * 1000 },
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
    },
    rateLimitStore: env.REDIS_URL
      ? { kind: 'redis', url: env.REDIS_URL, keyPrefix: env.RATE_LIMIT_KEY_PREFIX }
      : { kind: 'database', keyPrefix: env.RATE_LIMIT_KEY_PREFIX },
    grievanceEmail: env.GRIEVANCE_EMAIL ?? null,
    retention: { codeHours: env.CODE_RETENTION_HOURS, requestDays: env.REQUEST_RETENTION_DAYS },
    cardSendLimits: {
      perAddressHour: env.CARD_SENDS_PER_ADDRESS_HOUR,
      perAddressAndCard10Minutes: env.CARD_SENDS_PER_ADDRESS_AND_CARD_10_MINUTES,
      perCardHour: env.CARD_SENDS_PER_CARD_HOUR,
      wrongPlatesPerCardHour: env.CARD_WRONG_PLATES_PER_HOUR,
      readsPerAddressMinute: env.CARD_READS_PER_ADDRESS_MINUTE,
    },
    strangerBlockDays: env.STRANGER_BLOCK_DAYS,
    slipRequestsPerAddressMinute: env.SLIP_REQUESTS_PER_ADDRESS_MINUTE,
    slipReadableDays: env.SLIP_READABLE_DAYS,
    waitingNotes: {
      perUserDay: env.WAITING_NOTES_PER_USER_DAY,
      days: env.WAITING_NOTE_DAYS,
      holdHours: env.WAITING_NOTE_HOLD_HOURS,
    },
    images: { maxBytes: env.IMAGE_MAX_BYTES, retentionDays: env.IMAGE_RETENTION_DAYS },
    strikes: {
      toPause: env.STRIKES_TO_PAUSE,
      windowDays: env.STRIKE_WINDOW_DAYS,
      pauseDays: env.PAUSE_DAYS,
      reportHours: env.FALSE_ALARM_REPORT_HOURS,
      reporterMinAgeDays: env.STRIKE_REPORTER_MIN_AGE_DAYS,
    },
    fallback: fallbackConfig(env),
    otpPepper: otpPepper(env),
  };
}

function fallbackConfig(env: Environment): FallbackConfig {
  const { MSG91_NOTICE_TEMPLATE_ID, MSG91_NOTICE_TEMPLATE_ID_ML, EXOTEL_FLOW_URL, EXOTEL_WEBHOOK_SECRET } =
    env;
  if (EXOTEL_FLOW_URL && (env.TELEPHONY_PROVIDER !== 'exotel' || !EXOTEL_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'EXOTEL_FLOW_URL needs TELEPHONY_PROVIDER=exotel (with its EXOTEL_* variables) and EXOTEL_WEBHOOK_SECRET.',
    );
  }
  return {
    smsAfterS: env.FALLBACK_SMS_AFTER_S,
    callAfterS: env.FALLBACK_CALL_AFTER_S,
    perReceiverDay: { sms: env.FALLBACK_SMS_PER_RECEIVER_DAY, call: env.FALLBACK_CALLS_PER_RECEIVER_DAY },
    perDay: { sms: env.FALLBACK_SMS_PER_DAY, call: env.FALLBACK_CALLS_PER_DAY },
    perSenderDay: { sms: env.FALLBACK_SMS_PER_SENDER_DAY, call: env.FALLBACK_CALLS_PER_SENDER_DAY },
    callsPerSourceHour: env.FALLBACK_CALLS_PER_SOURCE_HOUR,
    msg91NoticeTemplates:
      env.SMS_PROVIDER === 'msg91' && MSG91_NOTICE_TEMPLATE_ID
        ? { en: MSG91_NOTICE_TEMPLATE_ID, ml: MSG91_NOTICE_TEMPLATE_ID_ML ?? MSG91_NOTICE_TEMPLATE_ID }
        : null,
    callFlow:
      EXOTEL_FLOW_URL && EXOTEL_WEBHOOK_SECRET
        ? { url: EXOTEL_FLOW_URL, webhookSecret: EXOTEL_WEBHOOK_SECRET }
        : null,
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

function smsDailyCaps(env: Environment): Config['smsDailyCaps'] {
  const signups = env.SIGNUP_CODES_PER_DAY ?? Math.max(1, Math.floor(env.SMS_DAILY_CAP / 2));
  if (signups > env.SMS_DAILY_CAP) {
    throw new ConfigError('SIGNUP_CODES_PER_DAY cannot be more than SMS_DAILY_CAP: it is a part of it.');
  }
  const repeats = Math.max(1, Math.floor(env.SMS_DAILY_CAP / 2));
  return { total: env.SMS_DAILY_CAP, signups, repeats };
}

/**
 * Codes go to the log only when asked for (`SMS_PROVIDER=log`) or, with no provider named, when the
 * server listens on a loopback address: a deployment that forgets to configure SMS must not hand every
 * code to whoever reads its logs.
 */
function smsConfig(env: Environment): Config['sms'] {
  if (env.SMS_PROVIDER === undefined || env.SMS_PROVIDER === 'log') {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('SMS_PROVIDER must be set in production: one-time codes would only be logged.');
    }
    if (env.SMS_PROVIDER === undefined && !isLoopbackHost(env.HOST)) {
      throw new ConfigError(
        `No SMS provider is configured and HOST=${env.HOST} is not a loopback address: one-time codes would ` +
          'only be logged. Set SMS_PROVIDER=twilio or SMS_PROVIDER=msg91 (with its TWILIO_* or MSG91_* variables), or SMS_PROVIDER=log to log ' +
          'them on purpose.',
      );
    }
    return { provider: 'log' };
  }
  if (env.SMS_PROVIDER === 'msg91') {
    const { MSG91_AUTH_KEY, MSG91_TEMPLATE_ID } = env;
    if (!MSG91_AUTH_KEY || !MSG91_TEMPLATE_ID) {
      throw new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.');
    }
    return {
      provider: 'msg91',
      authKey: MSG91_AUTH_KEY,
      templateId: MSG91_TEMPLATE_ID,
      baseUrl: env.MSG91_BASE_URL,
    };
  }
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) {
    throw new ConfigError('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.');
  }
  return {
    provider: 'twilio',
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    from: TWILIO_FROM,
    baseUrl: env.TWILIO_BASE_URL,
  };
}

function rcProviderConfig(env: Environment): Config['rcProvider'] {
  if (env.RC_PROVIDER === 'none') return null;
  const { CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET } = env;
  if (!CASHFREE_CLIENT_ID || !CASHFREE_CLIENT_SECRET) {
    throw new ConfigError('RC_PROVIDER=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET.');
  }
  return {
    provider: 'cashfree',
    clientId: CASHFREE_CLIENT_ID,
    clientSecret: CASHFREE_CLIENT_SECRET,
    baseUrl: env.CASHFREE_BASE_URL,
  };
}

function telephonyConfig(env: Environment): Config['telephony'] {
  if (!env.TELEPHONY_PROVIDER) return { provider: 'none' };
  const { EXOTEL_ACCOUNT_SID, EXOTEL_API_KEY, EXOTEL_API_TOKEN, EXOTEL_CALLER_ID } = env;
  if (!EXOTEL_ACCOUNT_SID || !EXOTEL_API_KEY || !EXOTEL_API_TOKEN || !EXOTEL_CALLER_ID) {
    throw new ConfigError(
      'TELEPHONY_PROVIDER=exotel needs EXOTEL_ACCOUNT_SID, EXOTEL_API_KEY, EXOTEL_API_TOKEN and EXOTEL_CALLER_ID.',
    );
  }
  return {
    provider: 'exotel',
    accountSid: EXOTEL_ACCOUNT_SID,
    apiKey: EXOTEL_API_KEY,
    apiToken: EXOTEL_API_TOKEN,
    callerId: EXOTEL_CALLER_ID,
    baseUrl: env.EXOTEL_BASE_URL,
    callTimeLimitS: env.CALL_TIME_LIMIT_S,
  };
}

function firebaseConfig(env: Environment): FirebaseConfig | null {
  const { FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY } = env;
  const given = [FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY].filter(Boolean).length;
  if (given === 0) return null;
  if (!FIREBASE_SERVICE_ACCOUNT || !FIREBASE_WEB_CONFIG || !FIREBASE_VAPID_KEY) {
    throw new ConfigError(
      'Push needs all three of FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY.',
    );
  }
  return {
    serviceAccount: FIREBASE_SERVICE_ACCOUNT,
    webConfig: FIREBASE_WEB_CONFIG,
    vapidKey: FIREBASE_VAPID_KEY,
  };
}
