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
  TRUST_PROXY: booleanFlag.default(false),
  HSTS: booleanFlag.default(false),
  SESSION_TTL_DAYS: wholeNumber(1, 365).default(30),
  SMS_DAILY_CAP: wholeNumber(1).default(5000),
  CODE_REQUESTS_PER_ADDRESS_HOUR: wholeNumber(1).default(20),
  VERIFY_TRIES_PER_ADDRESS_HOUR: wholeNumber(1).default(60),
  SEARCHES_PER_USER_MINUTE: wholeNumber(1).default(30),
  SENDS_PER_SENDER_MINUTE: wholeNumber(1).default(10),
  SENDS_PER_PAIR_10_MINUTES: wholeNumber(1).default(3),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  FIREBASE_SERVICE_ACCOUNT: jsonObject.optional(),
  FIREBASE_WEB_CONFIG: jsonObject.pipe(firebaseWebConfig).optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  LIVE_HEARTBEAT_MS: wholeNumber(10).default(25_000),
  LIVE_STREAMS_PER_USER: wholeNumber(1, 100).default(5),
  DIST_DIR: z.string().min(1).default('./dist'),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
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
  trustProxy: boolean;
  hsts: boolean;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  sessionTtlDays: number;
  smsDailyCap: number;
  /** Per client address, over an hour: code requests (login + register) and verify tries. */
  addressLimits: { codeRequestsPerHour: number; verifyTriesPerHour: number };
  /** Owner searches per signed-in user a minute, so nobody walks the number space. */
  searchesPerUserMinute: number;
  /** Messages and notifications together: per sender a minute, per sender→receiver pair 10 minutes. */
  sendLimits: { perSenderPerMinute: number; perPairPer10Minutes: number };
  sms: { provider: 'log' } | ({ provider: 'twilio' } & TwilioConfig);
  firebase: FirebaseConfig | null;
  /** The live notification channel: heartbeat interval and open streams kept per user (oldest closed). */
  live: { heartbeatMs: number; streamsPerUser: number };
  distDir: string;
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
    sessionTtlDays: env.SESSION_TTL_DAYS,
    smsDailyCap: env.SMS_DAILY_CAP,
    addressLimits: {
      codeRequestsPerHour: env.CODE_REQUESTS_PER_ADDRESS_HOUR,
      verifyTriesPerHour: env.VERIFY_TRIES_PER_ADDRESS_HOUR,
    },
    searchesPerUserMinute: env.SEARCHES_PER_USER_MINUTE,
    sendLimits: {
      perSenderPerMinute: env.SENDS_PER_SENDER_MINUTE,
      perPairPer10Minutes: env.SENDS_PER_PAIR_10_MINUTES,
    },
    sms: smsConfig(env),
    firebase: firebaseConfig(env),
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, streamsPerUser: env.LIVE_STREAMS_PER_USER },
    distDir: env.DIST_DIR,
  };
}

function smsConfig(env: Environment): Config['sms'] {
  if (env.SMS_PROVIDER === 'log') {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('SMS_PROVIDER must be set in production: one-time codes would only be logged.');
    }
    return { provider: 'log' };
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
