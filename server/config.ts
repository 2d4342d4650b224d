import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

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

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  HSTS: booleanFlag.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMS_DAILY_CAP: z.coerce.number().int().min(1).default(5000),
  CODE_REQUESTS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(20),
  VERIFY_TRIES_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(60),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  FIREBASE_SERVICE_ACCOUNT: jsonObject.optional(),
  FIREBASE_WEB_CONFIG: jsonObject.optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  DIST_DIR: z.string().min(1).default('./dist'),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}

export interface FirebaseConfig {
  serviceAccount: Record<string, unknown>;
  webConfig: Record<string, unknown>;
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
  sms: { provider: 'log' } | ({ provider: 'twilio' } & TwilioConfig);
  firebase: FirebaseConfig | null;
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
    sms: smsConfig(env),
    firebase: firebaseConfig(env),
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
