import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const OTP_PEPPER = 'a-pepper-of-at-least-16-characters';

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

  it('gives each PostgreSQL pool DATABASE_POOL_SIZE connections, 10 by default', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it.each(['0', 'ten', '2.5'])('refuses DATABASE_POOL_SIZE=%s, naming it', (size) => {
    expect(configErrorOf({ DATABASE_POOL_SIZE: size }).message).toContain('DATABASE_POOL_SIZE');
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

  it('refuses to start in production without OTP_PEPPER, the secret codes are hashed with', () => {
    const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://vahan.example', ...twilio };
    expect(configErrorOf(production).message).toMatch(/OTP_PEPPER/);
    expect(loadConfig({ ...production, OTP_PEPPER }).otpPepper).toBe(OTP_PEPPER);
  });

  it('hashes codes with a fixed development pepper outside production', () => {
    expect(loadConfig({}).otpPepper).toEqual(expect.any(String));
    expect(loadConfig({ OTP_PEPPER }).otpPepper).toBe(OTP_PEPPER);
  });

  it('refuses to start in production with no SMS provider', () => {
    expect(configErrorOf({ NODE_ENV: 'production' }).message).toMatch(/SMS_PROVIDER/);
  });

  it('starts in production with an SMS provider', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://vahan.example', OTP_PEPPER, ...twilio })
        .sms.provider,
    ).toBe('twilio');
  });

  it('refuses to start in production without PUBLIC_ORIGIN, which printed links are built from', () => {
    expect(configErrorOf({ NODE_ENV: 'production', ...twilio }).message).toMatch(/PUBLIC_ORIGIN/);
  });

  it('takes PUBLIC_ORIGIN as an origin, and is this server (http://localhost:PORT) outside production', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Vahan.Example/' }).publicOrigin).toBe(
      'https://vahan.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:9000' }).publicOrigin).toBe('http://127.0.0.1:9000');
  });

  it.each([
    'javascript://vahan.example',
    'ftp://vahan.example',
    'https://vahan.example/app',
    'https://vahan.example?x=1',
    'https://user:pw@vahan.example',
    'vahan.example',
  ])('refuses PUBLIC_ORIGIN=%s: not an http(s) origin', (origin) => {
    expect(configErrorOf({ PUBLIC_ORIGIN: origin }).message).toMatch(/PUBLIC_ORIGIN: must be an http/);
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
    'SEARCHES_PER_USER_DAY',
    'SENDS_PER_SENDER_MINUTE',
    'SENDS_PER_PAIR_10_MINUTES',
    'CALLS_PER_RECEIVER_HOUR',
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
      SEARCHES_PER_USER_DAY: '500',
      SENDS_PER_SENDER_MINUTE: '12',
      SENDS_PER_PAIR_10_MINUTES: '4',
      LIVE_HEARTBEAT_MS: '15000',
      LIVE_STREAMS_PER_USER: '8',
    });
    expect(config.searchesPerUserMinute).toBe(40);
    expect(config.searchesPerUserDay).toBe(500);
    expect(config.sendLimits).toEqual({ perSenderPerMinute: 12, perPairPer10Minutes: 4 });
    expect(config.live).toEqual({ heartbeatMs: 15000, streamsPerUser: 8 });
  });

  it('allows 30 wiper-slip pages and answers per client address a minute by default, as set', () => {
    expect(loadConfig({}).slipRequestsPerAddressMinute).toBe(30);
    expect(loadConfig({ SLIP_REQUESTS_PER_ADDRESS_MINUTE: '5' }).slipRequestsPerAddressMinute).toBe(5);
    expect(configErrorOf({ SLIP_REQUESTS_PER_ADDRESS_MINUTE: '0' }).message).toContain(
      'SLIP_REQUESTS_PER_ADDRESS_MINUTE',
    );
  });

  it('allows 5 RC checks per account and 1000 for the service a day, and proofs for 365 days, by default', () => {
    expect(loadConfig({}).rcChecks).toEqual({ perUserDay: 5, perDay: 1000, proofDays: 365 });
    expect(
      loadConfig({ RC_CHECKS_PER_USER_DAY: '3', RC_CHECKS_PER_DAY: '50', RC_PROOF_DAYS: '180' }).rcChecks,
    ).toEqual({ perUserDay: 3, perDay: 50, proofDays: 180 });
    expect(configErrorOf({ RC_CHECKS_PER_USER_DAY: '0' }).message).toContain('RC_CHECKS_PER_USER_DAY');
    expect(configErrorOf({ RC_PROOF_DAYS: 'soon' }).message).toContain('RC_PROOF_DAYS');
  });

  it('caps the masked calls to one owner at 6 an hour unless CALLS_PER_RECEIVER_HOUR says otherwise', () => {
    expect(loadConfig({}).callsPerReceiverHour).toBe(6);
    expect(loadConfig({ CALLS_PER_RECEIVER_HOUR: '2' }).callsPerReceiverHour).toBe(2);
    expect(configErrorOf({ CALLS_PER_RECEIVER_HOUR: '0' }).message).toContain('CALLS_PER_RECEIVER_HOUR');
  });

  it('reminds after 600 s unless REMINDER_AFTER_S says otherwise', () => {
    expect(loadConfig({}).reminderAfterS).toBe(600);
    expect(loadConfig({ REMINDER_AFTER_S: '2' }).reminderAfterS).toBe(2);
    expect(configErrorOf({ REMINDER_AFTER_S: '0' }).message).toContain('REMINDER_AFTER_S');
  });

  it('keeps codes 24 hours after they expire and requests 180 days unless told otherwise', () => {
    expect(loadConfig({}).retention).toEqual({ codeHours: 24, requestDays: 180 });
    expect(loadConfig({ CODE_RETENTION_HOURS: '2', REQUEST_RETENTION_DAYS: '30' }).retention).toEqual({
      codeHours: 2,
      requestDays: 30,
    });
    expect(configErrorOf({ CODE_RETENTION_HOURS: '0' }).message).toContain('CODE_RETENTION_HOURS');
    expect(configErrorOf({ REQUEST_RETENTION_DAYS: '1.5' }).message).toContain('REQUEST_RETENTION_DAYS');
  });

  it('takes 10 waiting notes a day per sender, keeps each 7 days and holds them 24 hours unless told otherwise', () => {
    expect(loadConfig({}).waitingNotes).toEqual({ perUserDay: 10, days: 7, holdHours: 24 });
    expect(
      loadConfig({ WAITING_NOTES_PER_USER_DAY: '3', WAITING_NOTE_DAYS: '2', WAITING_NOTE_HOLD_HOURS: '0' })
        .waitingNotes,
    ).toEqual({ perUserDay: 3, days: 2, holdHours: 0 });
    expect(configErrorOf({ WAITING_NOTES_PER_USER_DAY: '0' }).message).toContain(
      'WAITING_NOTES_PER_USER_DAY',
    );
    expect(configErrorOf({ WAITING_NOTE_DAYS: '366' }).message).toContain('WAITING_NOTE_DAYS');
  });

  it('takes photos up to 2 MB and keeps them 7 days unless IMAGE_MAX_BYTES and IMAGE_RETENTION_DAYS say otherwise', () => {
    expect(loadConfig({}).images).toEqual({ maxBytes: 2 * 1024 * 1024, retentionDays: 7 });
    expect(loadConfig({ IMAGE_MAX_BYTES: '500000', IMAGE_RETENTION_DAYS: '1' }).images).toEqual({
      maxBytes: 500_000,
      retentionDays: 1,
    });
    expect(configErrorOf({ IMAGE_MAX_BYTES: '10' }).message).toContain('IMAGE_MAX_BYTES');
    expect(configErrorOf({ IMAGE_RETENTION_DAYS: '0' }).message).toContain('IMAGE_RETENTION_DAYS');
  });

  it('pauses a sender 30 days after 3 strikes in 30 days unless the strike settings say otherwise', () => {
    expect(loadConfig({}).strikes).toMatchObject({ toPause: 3, windowDays: 30, pauseDays: 30 });
    expect(
      loadConfig({ STRIKES_TO_PAUSE: '5', STRIKE_WINDOW_DAYS: '7', PAUSE_DAYS: '2' }).strikes,
    ).toMatchObject({ toPause: 5, windowDays: 7, pauseDays: 2 });
    expect(configErrorOf({ STRIKES_TO_PAUSE: '1' }).message).toContain('STRIKES_TO_PAUSE');
    expect(configErrorOf({ STRIKE_WINDOW_DAYS: 'x' }).message).toContain('STRIKE_WINDOW_DAYS');
    expect(configErrorOf({ PAUSE_DAYS: '0' }).message).toContain('PAUSE_DAYS');
  });

  it('takes reports for 48 hours, from accounts 7 days old, unless the report settings say otherwise', () => {
    expect(loadConfig({}).strikes).toMatchObject({ reportHours: 48, reporterMinAgeDays: 7 });
    expect(
      loadConfig({ FALSE_ALARM_REPORT_HOURS: '12', STRIKE_REPORTER_MIN_AGE_DAYS: '0' }).strikes,
    ).toMatchObject({ reportHours: 12, reporterMinAgeDays: 0 });
    expect(configErrorOf({ FALSE_ALARM_REPORT_HOURS: '0' }).message).toContain('FALSE_ALARM_REPORT_HOURS');
    expect(configErrorOf({ STRIKE_REPORTER_MIN_AGE_DAYS: '-1' }).message).toContain(
      'STRIKE_REPORTER_MIN_AGE_DAYS',
    );
  });

  it('names no grievance contact unless GRIEVANCE_EMAIL is an e-mail address', () => {
    expect(loadConfig({}).grievanceEmail).toBeNull();
    expect(loadConfig({ GRIEVANCE_EMAIL: 'grievance@vahan.example' }).grievanceEmail).toBe(
      'grievance@vahan.example',
    );
    expect(configErrorOf({ GRIEVANCE_EMAIL: 'not an address' }).message).toContain('GRIEVANCE_EMAIL');
  });

  it('allows 10 card sends an hour per address, 3 per address and card in 10 minutes, 6 per card, 10 wrong plates per card and 30 reads a minute unless told otherwise', () => {
    expect(loadConfig({}).cardSendLimits).toEqual({
      perAddressHour: 10,
      perAddressAndCard10Minutes: 3,
      perCardHour: 6,
      wrongPlatesPerCardHour: 10,
      readsPerAddressMinute: 30,
    });
    expect(
      loadConfig({
        CARD_SENDS_PER_ADDRESS_HOUR: '3',
        CARD_SENDS_PER_ADDRESS_AND_CARD_10_MINUTES: '2',
        CARD_SENDS_PER_CARD_HOUR: '2',
        CARD_WRONG_PLATES_PER_HOUR: '4',
        CARD_READS_PER_ADDRESS_MINUTE: '5',
      }).cardSendLimits,
    ).toEqual({
      perAddressHour: 3,
      perAddressAndCard10Minutes: 2,
      perCardHour: 2,
      wrongPlatesPerCardHour: 4,
      readsPerAddressMinute: 5,
    });
    expect(configErrorOf({ CARD_SENDS_PER_CARD_HOUR: '0' }).message).toContain('CARD_SENDS_PER_CARD_HOUR');
    expect(configErrorOf({ CARD_WRONG_PLATES_PER_HOUR: '0' }).message).toContain(
      'CARD_WRONG_PLATES_PER_HOUR',
    );
  });

  it('reads the limits that were constants, with their former values by default', () => {
    const byDefault = loadConfig({});
    expect(byDefault.codesPerPhoneHour).toBe(5);
    expect(byDefault.callerCallLimits).toEqual({ perHour: 5, perReceiverHour: 2 });
    expect(byDefault.slipReadableDays).toBe(7);
    expect(byDefault.devicesPerUser).toBe(10);
    expect(byDefault.codeLife).toEqual({ minutes: 5, tries: 5 });
    expect(byDefault.cardPauseHours).toBe(24);
    expect(byDefault.statusTokenHours).toBe(24);
    const told = loadConfig({
      CODES_PER_PHONE_HOUR: '3',
      CALLS_PER_CALLER_HOUR: '4',
      CALLS_PER_CALLER_RECEIVER_HOUR: '1',
      SLIP_READABLE_DAYS: '2',
      DEVICES_PER_USER: '3',
      CODE_LIFETIME_MINUTES: '2',
      CODE_TRIES: '3',
      CARD_PAUSE_HOURS: '2',
      STATUS_TOKEN_HOURS: '3',
    });
    expect(told.codesPerPhoneHour).toBe(3);
    expect(told.callerCallLimits).toEqual({ perHour: 4, perReceiverHour: 1 });
    expect(told.slipReadableDays).toBe(2);
    expect(told.devicesPerUser).toBe(3);
    expect(told.codeLife).toEqual({ minutes: 2, tries: 3 });
    expect(told.cardPauseHours).toBe(2);
    expect(told.statusTokenHours).toBe(3);
    expect(configErrorOf({ DEVICES_PER_USER: '0' }).message).toContain('DEVICES_PER_USER');
  });

  it('blocks a card’s stranger for 30 days unless told otherwise', () => {
    expect(loadConfig({}).strangerBlockDays).toBe(30);
    expect(loadConfig({ STRANGER_BLOCK_DAYS: '2' }).strangerBlockDays).toBe(2);
    expect(configErrorOf({ STRANGER_BLOCK_DAYS: '0' }).message).toContain('STRANGER_BLOCK_DAYS');
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
      callTimeLimitS: 300,
    });
  });

  it('limits a masked call to CALL_TIME_LIMIT_S seconds', () => {
    expect(loadConfig({ ...exotel, CALL_TIME_LIMIT_S: '120' }).telephony).toMatchObject({
      callTimeLimitS: 120,
    });
    expect(configErrorOf({ ...exotel, CALL_TIME_LIMIT_S: '0' }).message).toContain('CALL_TIME_LIMIT_S');
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

  it('sends one phone 10 codes a day by default, CODES_PER_PHONE_DAY when it is set', () => {
    expect([
      loadConfig({}).codesPerPhoneDay,
      loadConfig({ CODES_PER_PHONE_DAY: '3' }).codesPerPhoneDay,
    ]).toEqual([10, 3]);
  });

  it.each(['0', '-1', 'ten'])('refuses CODES_PER_PHONE_DAY=%s', (value) => {
    expect(configErrorOf({ CODES_PER_PHONE_DAY: value }).message).toContain('CODES_PER_PHONE_DAY');
  });

  it("gives strangers' codes 500 a day and 3 per phone by default, STRANGER_CODES_PER_* when set", () => {
    expect(loadConfig({}).strangerCodes).toEqual({ perDay: 500, perPhoneDay: 3 });
    expect(
      loadConfig({ STRANGER_CODES_PER_DAY: '20', STRANGER_CODES_PER_PHONE_DAY: '1' }).strangerCodes,
    ).toEqual({ perDay: 20, perPhoneDay: 1 });
    expect(configErrorOf({ STRANGER_CODES_PER_PHONE_DAY: '0' }).message).toContain(
      'STRANGER_CODES_PER_PHONE_DAY',
    );
  });

  it('gives repeat codes half of SMS_DAILY_CAP, and at least one', () => {
    expect([
      loadConfig({ SMS_DAILY_CAP: '5000' }).smsDailyCaps.repeats,
      loadConfig({ SMS_DAILY_CAP: '7' }).smsDailyCaps.repeats,
      loadConfig({ SMS_DAILY_CAP: '1' }).smsDailyCaps.repeats,
    ]).toEqual([2500, 3, 1]);
  });

  it('counts limits in Redis when REDIS_URL is set, else in the database', () => {
    expect(loadConfig({}).rateLimitStore.kind).toBe('database');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toMatchObject({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
  });
});

describe('the fallback ladder', () => {
  const exotel = {
    TELEPHONY_PROVIDER: 'exotel',
    EXOTEL_ACCOUNT_SID: 'vahan1',
    EXOTEL_API_KEY: 'key',
    EXOTEL_API_TOKEN: 'token',
    EXOTEL_CALLER_ID: '08047112345',
  };
  const flow = {
    EXOTEL_FLOW_URL: 'http://my.exotel.com/vahan1/exoml/start_voice/926',
    EXOTEL_WEBHOOK_SECRET: 'a-secret-of-24-characters',
  };

  it('sends the SMS after 60 s and calls after 300 s, 5 SMS and 3 calls a receiver, 5 and 2 a sender, 2000 and 500 a day', () => {
    expect(loadConfig({}).fallback).toEqual({
      smsAfterS: 60,
      callAfterS: 300,
      perReceiverDay: { sms: 5, call: 3 },
      perDay: { sms: 2000, call: 500 },
      perSenderDay: { sms: 5, call: 2 },
      callsPerSourceHour: 1,
      msg91NoticeTemplates: null,
      callFlow: null,
    });
  });

  it('reads every FALLBACK_* setting', () => {
    const { fallback } = loadConfig({
      FALLBACK_SMS_AFTER_S: '2',
      FALLBACK_CALL_AFTER_S: '4',
      FALLBACK_SMS_PER_RECEIVER_DAY: '1',
      FALLBACK_CALLS_PER_RECEIVER_DAY: '0',
      FALLBACK_SMS_PER_DAY: '10',
      FALLBACK_CALLS_PER_DAY: '20',
      FALLBACK_SMS_PER_SENDER_DAY: '3',
      FALLBACK_CALLS_PER_SENDER_DAY: '1',
      FALLBACK_CALLS_PER_SOURCE_HOUR: '2',
    });
    expect(fallback).toMatchObject({
      smsAfterS: 2,
      callAfterS: 4,
      perReceiverDay: { sms: 1, call: 0 },
      perDay: { sms: 10, call: 20 },
      perSenderDay: { sms: 3, call: 1 },
      callsPerSourceHour: 2,
    });
  });

  it("takes MSG91's notice templates only with SMS_PROVIDER=msg91, English for Malayalam unless it has its own", () => {
    const msg91 = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'auth', MSG91_TEMPLATE_ID: 'tpl' };
    expect(loadConfig({ ...msg91, MSG91_NOTICE_TEMPLATE_ID: 'n' }).fallback.msg91NoticeTemplates).toEqual({
      en: 'n',
      ml: 'n',
    });
    expect(
      loadConfig({ ...msg91, MSG91_NOTICE_TEMPLATE_ID: 'n', MSG91_NOTICE_TEMPLATE_ID_ML: 'm' }).fallback
        .msg91NoticeTemplates,
    ).toEqual({ en: 'n', ml: 'm' });
    expect(loadConfig({ MSG91_NOTICE_TEMPLATE_ID: 'n' }).fallback.msg91NoticeTemplates).toBeNull();
  });

  it("turns the call step on with Exotel's flow URL (http:// as Exotel writes it) and the webhook secret", () => {
    expect(loadConfig({ ...exotel, ...flow }).fallback.callFlow).toEqual({
      url: flow.EXOTEL_FLOW_URL,
      webhookSecret: flow.EXOTEL_WEBHOOK_SECRET,
    });
  });

  it('refuses EXOTEL_FLOW_URL without Exotel or without a webhook secret, naming what is missing', () => {
    expect(configErrorOf(flow).message).toContain('TELEPHONY_PROVIDER=exotel');
    expect(configErrorOf({ ...exotel, EXOTEL_FLOW_URL: flow.EXOTEL_FLOW_URL }).message).toContain(
      'EXOTEL_WEBHOOK_SECRET',
    );
  });

  it('refuses a webhook secret shorter than 16 characters', () => {
    expect(configErrorOf({ ...exotel, ...flow, EXOTEL_WEBHOOK_SECRET: 'short' }).message).toContain(
      'EXOTEL_WEBHOOK_SECRET',
    );
  });
});
