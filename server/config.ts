import { isIP } from 'node:net';
import { z } from 'zod';
import type { RuntimeConfig } from '#common/api';

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
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/** A provider's API base: https://, or http:// only to a loopback address (a local fake in tests). */
const providerBaseUrl = z.url().refine((value) => {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (isLoopbackHost(url.hostname) || url.hostname.startsWith('127.'));
}, 'must be an https:// URL (http:// only for a loopback address)');

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

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  HSTS: booleanFlag.default(false),
  SESSION_TTL_DAYS: wholeNumber(1, 365).default(30),
  SESSION_MAX_DAYS: wholeNumber(1, 3650).default(90),
  SMS_DAILY_CAP: wholeNumber(1).default(5000),
  CODE_RESEND_GAP_S: wholeNumber(0, 3600).default(30),
  SIGNUP_CODES_PER_DAY: wholeNumber(1).optional(),
  CODE_REQUESTS_PER_ADDRESS_HOUR: wholeNumber(1).default(20),
  VERIFY_TRIES_PER_ADDRESS_HOUR: wholeNumber(1).default(60),
  SEARCHES_PER_USER_MINUTE: wholeNumber(1).default(30),
  SENDS_PER_SENDER_MINUTE: wholeNumber(1).default(10),
  SENDS_PER_PAIR_10_MINUTES: wholeNumber(1).default(3),
  VEHICLES_PER_USER: wholeNumber(1, 100_000).default(10),
  VEHICLE_CHANGES_PER_USER_HOUR: wholeNumber(1).default(20),
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
  LIVE_HEARTBEAT_MS: wholeNumber(10).default(25_000),
  LIVE_STREAMS_PER_USER: wholeNumber(1, 100).default(5),
  REMINDER_AFTER_S: wholeNumber(1, 86_400).default(600),
  DIST_DIR: z.string().min(1).default('./dist'),
  SHUTDOWN_DRAIN_S: wholeNumber(0, 600).default(5),
  SHUTDOWN_GRACE_S: wholeNumber(0, 600).default(20),
  REQUEST_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  CONNECTION_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(100, 600_000).default(72_000),
  MAX_CONNECTIONS: wholeNumber(1).default(10_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).max(100).default('vahan:'),
});

export type Environment = z.infer<typeof environmentSchema>;

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
  logLevel: Environment['LOG_LEVEL'];
  /** False, a hop count, or the addresses/CIDRs of the proxies in front (see `trustProxy` above). */
  trustProxy: false | number | string[];
  hsts: boolean;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  sessionLifetimes: { idleDays: number; maxDays: number };
  /** Codes a day: all together, and those for sign-ups (numbers without an account) within it. */
  smsDailyCaps: { total: number; signups: number };
  /** The least wait between two codes for one phone. */
  codeResendGapSeconds: number;
  /** Per client address, over an hour: code requests (login + register) and verify tries. */
  addressLimits: { codeRequestsPerHour: number; verifyTriesPerHour: number };
  /** Owner searches per signed-in user a minute, so nobody walks the number space. */
  searchesPerUserMinute: number;
  /** Messages and notifications together: per sender a minute, per sender→receiver pair 10 minutes. */
  sendLimits: { perSenderPerMinute: number; perPairPer10Minutes: number };
  /** Per account: vehicles held at once, and adds plus number changes an hour. */
  vehicleLimits: { perUser: number; changesPerHour: number };
  /** Who checks ownership against the national RC record; null when nobody does. */
  rcProvider: ({ provider: 'cashfree' } & CashfreeConfig) | null;
  sms: { provider: 'log' } | ({ provider: 'twilio' } & TwilioConfig) | ({ provider: 'msg91' } & Msg91Config);
  /** Masked calls: off unless a provider is configured. */
  telephony: { provider: 'none' } | ({ provider: 'exotel' } & ExotelConfig);
  firebase: FirebaseConfig | null;
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
    sessionLifetimes: { idleDays: env.SESSION_TTL_DAYS, maxDays: env.SESSION_MAX_DAYS },
    smsDailyCaps: smsDailyCaps(env),
    codeResendGapSeconds: env.CODE_RESEND_GAP_S,
    addressLimits: {
      codeRequestsPerHour: env.CODE_REQUESTS_PER_ADDRESS_HOUR,
      verifyTriesPerHour: env.VERIFY_TRIES_PER_ADDRESS_HOUR,
    },
    searchesPerUserMinute: env.SEARCHES_PER_USER_MINUTE,
    sendLimits: {
      perSenderPerMinute: env.SENDS_PER_SENDER_MINUTE,
      perPairPer10Minutes: env.SENDS_PER_PAIR_10_MINUTES,
    },
    vehicleLimits: { perUser: env.VEHICLES_PER_USER, changesPerHour: env.VEHICLE_CHANGES_PER_USER_HOUR },
    sms: smsConfig(env),
    rcProvider: rcProviderConfig(env),
    telephony: telephonyConfig(env),
    firebase: firebaseConfig(env),
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
  };
}

function smsDailyCaps(env: Environment): Config['smsDailyCaps'] {
  const signups = env.SIGNUP_CODES_PER_DAY ?? Math.max(1, Math.floor(env.SMS_DAILY_CAP / 2));
  if (signups > env.SMS_DAILY_CAP) {
    throw new ConfigError('SIGNUP_CODES_PER_DAY cannot be more than SMS_DAILY_CAP: it is a part of it.');
  }
  return { total: env.SMS_DAILY_CAP, signups };
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
