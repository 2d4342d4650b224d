import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789',
  TWILIO_AUTH_TOKEN: 'secret-token',
  TWILIO_FROM: '+15005550006',
};

const firebase = {
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    project_id: 'vahan',
    private_key: 'key',
    client_email: 'a@b.c',
  }),
  FIREBASE_WEB_CONFIG: JSON.stringify({
    apiKey: 'key',
    projectId: 'vahan',
    messagingSenderId: '123',
    appId: '1:123:web:abc',
  }),
  FIREBASE_VAPID_KEY: 'vapid-public-key',
};

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('serves on localhost:8080 with PGlite in ./data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('localhost');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
  });

  it('logs codes and keeps push off by default', () => {
    const config = loadConfig({});
    expect(config.sms).toEqual({ provider: 'log' });
    expect(config.firebase).toBeNull();
  });

  it('takes PORT, HOST and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '3000', HOST: '0.0.0.0', DATA_DIR: '/var/lib/vahan', ...twilio });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/var/lib/vahan' });
  });

  it('switches to PostgreSQL when DATABASE_URL is a postgres:// URL', () => {
    const url = 'postgres://app:pw@db.example:5432/vahan';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/vahan' }).database.kind).toBe('postgres');
  });

  it('refuses a DATABASE_URL that is not a postgres:// URL, naming it', () => {
    const error = configErrorOf({ DATABASE_URL: 'mysql://db/vahan' });
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).toContain('postgres://');
  });

  it.each(['abc', '-1', '3.5', '70000', '1e3', '0x1F'])('refuses PORT=%s, naming PORT', (port) => {
    expect(configErrorOf({ PORT: port }).message).toContain('PORT');
  });

  it('drains for 5 s and gives requests in flight 20 s on shutdown by default', () => {
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 5000, graceMs: 20_000 });
  });

  it('takes SHUTDOWN_DRAIN_S and SHUTDOWN_GRACE_S in seconds', () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_S: '0', SHUTDOWN_GRACE_S: '60' }).shutdown).toEqual({
      drainMs: 0,
      graceMs: 60_000,
    });
  });

  it.each(['SHUTDOWN_DRAIN_S', 'SHUTDOWN_GRACE_S'])('refuses %s=-1, naming it', (name) => {
    expect(configErrorOf({ [name]: '-1' }).message).toContain(name);
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('refuses to start in production with no SMS provider', () => {
    expect(configErrorOf({ NODE_ENV: 'production' }).message).toMatch(/SMS_PROVIDER/);
  });

  it('starts in production with an SMS provider', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...twilio }).sms.provider).toBe('twilio');
  });

  it('reads the three Twilio variables and the default Twilio base URL', () => {
    expect(loadConfig(twilio).sms).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123456789',
      authToken: 'secret-token',
      from: '+15005550006',
      baseUrl: 'https://api.twilio.com',
    });
  });

  it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])(
    'refuses SMS_PROVIDER=twilio without %s',
    (missing) => {
      const env: NodeJS.ProcessEnv = { ...twilio, [missing]: undefined };
      expect(configErrorOf(env).message).toContain(missing);
    },
  );

  it('refuses an unknown SMS provider', () => {
    expect(configErrorOf({ SMS_PROVIDER: 'carrier-pigeon' }).message).toContain('SMS_PROVIDER');
  });

  it('turns push on when all three Firebase variables are given', () => {
    const config = loadConfig(firebase);
    expect(config.firebase).toMatchObject({
      vapidKey: 'vapid-public-key',
      serviceAccount: { project_id: 'vahan' },
      webConfig: { projectId: 'vahan' },
    });
  });

  it.each(['FIREBASE_SERVICE_ACCOUNT', 'FIREBASE_WEB_CONFIG', 'FIREBASE_VAPID_KEY'])(
    'refuses the Firebase variables without %s',
    (missing) => {
      const env: NodeJS.ProcessEnv = { ...firebase, [missing]: undefined };
      expect(configErrorOf(env).message).toMatch(/FIREBASE/);
    },
  );

  it('refuses a Firebase service account that is not a JSON object', () => {
    const error = configErrorOf({ ...firebase, FIREBASE_SERVICE_ACCOUNT: '[1, 2]' });
    expect(error.message).toContain('FIREBASE_SERVICE_ACCOUNT');
  });

  const limitKeys = [
    'SEARCHES_PER_USER_MINUTE',
    'SENDS_PER_SENDER_MINUTE',
    'SENDS_PER_PAIR_10_MINUTES',
    'LIVE_HEARTBEAT_MS',
    'LIVE_STREAMS_PER_USER',
    'REMINDER_AFTER_S',
  ];
  it.each(limitKeys.flatMap((key) => ['1e3', '0x1F', '3.5', '-1', ' 7'].map((value) => [key, value])))(
    'refuses %s=%j, naming it',
    (key, value) => {
      expect(configErrorOf({ [key]: value }).message).toContain(key);
    },
  );

  it('reads the search, send and live-channel limits as whole numbers', () => {
    const config = loadConfig({
      SEARCHES_PER_USER_MINUTE: '40',
      SENDS_PER_SENDER_MINUTE: '12',
      SENDS_PER_PAIR_10_MINUTES: '4',
      LIVE_HEARTBEAT_MS: '15000',
      LIVE_STREAMS_PER_USER: '8',
    });
    expect(config.searchesPerUserMinute).toBe(40);
    expect(config.sendLimits).toEqual({ perSenderPerMinute: 12, perPairPer10Minutes: 4 });
    expect(config.live).toEqual({ heartbeatMs: 15000, streamsPerUser: 8 });
  });

  it('reminds after 600 s unless REMINDER_AFTER_S says otherwise', () => {
    expect(loadConfig({}).reminderAfterS).toBe(600);
    expect(loadConfig({ REMINDER_AFTER_S: '2' }).reminderAfterS).toBe(2);
    expect(configErrorOf({ REMINDER_AFTER_S: '0' }).message).toContain('REMINDER_AFTER_S');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      database: { kind: 'pglite' },
    });
  });
});

describe('masked calls and Indian SMS', () => {
  const exotel = {
    TELEPHONY_PROVIDER: 'exotel',
    EXOTEL_ACCOUNT_SID: 'vahan1',
    EXOTEL_API_KEY: 'key',
    EXOTEL_API_TOKEN: 'token',
    EXOTEL_CALLER_ID: '08047112345',
  };

  it('keeps masked calls off by default', () => {
    expect(loadConfig({}).telephony).toEqual({ provider: 'none' });
  });

  it("reads the Exotel variables, with Exotel's Mumbai cluster as the default base", () => {
    expect(loadConfig(exotel).telephony).toEqual({
      provider: 'exotel',
      accountSid: 'vahan1',
      apiKey: 'key',
      apiToken: 'token',
      callerId: '08047112345',
      baseUrl: 'https://api.in.exotel.com',
    });
  });

  it('refuses TELEPHONY_PROVIDER=exotel without its credentials, naming them', () => {
    const { EXOTEL_CALLER_ID: _omitted, ...rest } = exotel;
    expect(configErrorOf(rest).message).toContain('EXOTEL_CALLER_ID');
  });

  it('refuses a plain http:// provider URL unless it points at this machine', () => {
    expect(configErrorOf({ ...exotel, EXOTEL_BASE_URL: 'http://api.in.exotel.com' }).message).toContain(
      'EXOTEL_BASE_URL',
    );
    expect(loadConfig({ ...exotel, EXOTEL_BASE_URL: 'http://127.0.0.1:9000' }).telephony).toMatchObject({
      baseUrl: 'http://127.0.0.1:9000',
    });
  });

  it('reads the MSG91 variables, with control.msg91.com as the default base', () => {
    const config = loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'auth', MSG91_TEMPLATE_ID: 'tpl' });
    expect(config.sms).toEqual({
      provider: 'msg91',
      authKey: 'auth',
      templateId: 'tpl',
      baseUrl: 'https://control.msg91.com',
    });
  });

  it('refuses SMS_PROVIDER=msg91 without the DLT template id', () => {
    expect(configErrorOf({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'auth' }).message).toContain(
      'MSG91_TEMPLATE_ID',
    );
  });
});

describe('unsafe defaults refused', () => {
  it.each(['localhost', '127.0.0.1', '::1'])(
    'logs codes with no SMS provider on the loopback HOST %s',
    (HOST) => {
      expect(loadConfig({ HOST }).sms).toEqual({ provider: 'log' });
    },
  );

  it('refuses a non-loopback HOST with no SMS provider, saying what to set', () => {
    expect(configErrorOf({ HOST: '0.0.0.0' }).message).toMatch(/SMS_PROVIDER=twilio[\s\S]*SMS_PROVIDER=log/);
  });

  it('logs codes on a non-loopback HOST only when SMS_PROVIDER=log is set explicitly', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SMS_PROVIDER: 'log' }).sms).toEqual({ provider: 'log' });
  });

  it.each(['http://api.twilio.example', 'ftp://127.0.0.1'])('refuses the provider base URL %s', (url) => {
    expect(configErrorOf({ ...twilio, TWILIO_BASE_URL: url }).message).toContain('TWILIO_BASE_URL');
  });

  it.each(['https://api.twilio.com', 'http://127.0.0.1:9999', 'http://localhost:9999'])(
    'takes the provider base URL %s',
    (url) => {
      expect(loadConfig({ ...twilio, TWILIO_BASE_URL: url }).sms).toMatchObject({ baseUrl: url });
    },
  );

  it('refuses TRUST_PROXY=true, which would believe any client', () => {
    expect(configErrorOf({ TRUST_PROXY: 'true' }).message).toMatch(/TRUST_PROXY[\s\S]*hop count/);
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.0.2.1', ['10.0.0.0/8', '192.0.2.1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(configErrorOf({ TRUST_PROXY: 'proxy.example' }).message).toContain('TRUST_PROXY');
  });

  it('refuses SIGNUP_CODES_PER_DAY above SMS_DAILY_CAP', () => {
    expect(configErrorOf({ SMS_DAILY_CAP: '10', SIGNUP_CODES_PER_DAY: '11' }).message).toContain(
      'SIGNUP_CODES_PER_DAY',
    );
  });

  it('counts limits in Redis when REDIS_URL is set, else in the database', () => {
    expect(loadConfig({}).rateLimitStore.kind).toBe('database');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toMatchObject({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
  });
});
