import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '#common/api';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { SmsSender } from '../providers/sms';
import { withRoutesRecorded } from './routes';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A clock tests move by hand. */
export class TestClock {
  constructor(private current = new Date('2026-11-21T09:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Keeps the last code sent to each phone instead of sending an SMS. */
export class RecordingSms implements SmsSender {
  readonly sent: { phone: string; code: string }[] = [];
  async sendCode(phone: string, code: string) {
    this.sent.push({ phone, code });
  }
  lastCode(phone: string): string {
    const found = this.sent.findLast((entry) => entry.phone === phone);
    if (!found) throw new Error(`no code was sent to ${phone}`);
    return found.code;
  }
}

export interface SignedIn {
  user: User;
  token: string;
  headers: { authorization: string };
}

import { nextPhone, registration } from './registration';

export { nextPhone, registration };

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  sms: RecordingSms;
  config: Config;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Registers, verifies and returns a signed-in user; `advance` skips the resend gap. */
  signUp(overrides?: Record<string, unknown>): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  deps?: Partial<AppDeps>;
  /**
   * A second server instance on the database of another TestApp (PostgreSQL only: an in-memory
   * PGlite cannot be shared). That TestApp still owns the database: close this one first.
   */
  sharedWith?: TestApp;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.sharedWith?.config.database.kind === 'pglite') {
    throw new Error('sharedWith needs PostgreSQL: two servers cannot open one PGlite');
  }
  const database: TestDatabase = options.sharedWith
    ? { config: options.sharedWith.config.database, drop: async () => {} }
    : await createTestDatabase();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DIST_DIR: './no-dist',
      // Every injected request comes from one address; tests of these limits set them back.
      CODE_REQUESTS_PER_ADDRESS_HOUR: '100000',
      VERIFY_TRIES_PER_ADDRESS_HOUR: '100000',
      SEARCHES_PER_USER_MINUTE: '100000',
      SEARCHES_PER_USER_DAY: '100000',
      SENDS_PER_SENDER_MINUTE: '100000',
      SENDS_PER_PAIR_10_MINUTES: '100000',
      VEHICLES_PER_USER: '1000',
      VEHICLE_CHANGES_PER_USER_HOUR: '100000',
      SLIP_REQUESTS_PER_ADDRESS_MINUTE: '100000',
      // Waiting notes reach a registration as soon as it is made; tests of the hold set it back.
      WAITING_NOTE_HOLD_HOURS: '0',
      CARD_READS_PER_ADDRESS_MINUTE: '100000',
      ...options.env,
    }),
    database: database.config,
  };
  const clock = new TestClock();
  const sms = new RecordingSms();
  const app = await withRoutesRecorded(() => buildApp(config, { now: clock.now, sms, ...options.deps }));
  await app.ready();

  const inject = (request: InjectOptions) => app.inject(request);
  return {
    app,
    clock,
    sms,
    config,
    inject,
    async signUp(overrides = {}) {
      const phone = typeof overrides.phone === 'string' ? overrides.phone : nextPhone();
      const registered = await inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration(phone, overrides),
      });
      if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
      const verified = await inject({
        method: 'POST',
        url: '/api/users/verify',
        payload: { phone, otp: sms.lastCode(phone) },
      });
      if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
      const { user, token } = verified.json<{ user: User; token: string }>();
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export interface TwoInstances {
  readonly first: TestApp;
  readonly second: TestApp;
}

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: made before the tests
 * of the calling `describe` and closed after them (the second first: it only borrows the database).
 */
export function twoInstances(options: Omit<TestAppOptions, 'sharedWith'> = {}): TwoInstances {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  beforeAll(async () => {
    first = await createTestApp(options);
    second = await createTestApp({ ...options, sharedWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  const made = (app: TestApp | undefined) => {
    if (!app) throw new Error('twoInstances: the instances are made in beforeAll');
    return app;
  };
  return {
    get first() {
      return made(first);
    },
    get second() {
      return made(second);
    },
  };
}
