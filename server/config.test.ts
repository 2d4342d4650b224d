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
    const config = loadConfig({ PORT: '3000', HOST: '0.0.0.0', DATA_DIR: '/var/lib/vahan' });
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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      database: { kind: 'pglite' },
    });
  });
});
