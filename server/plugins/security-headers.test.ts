import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { firebaseEnv } from '../testing/push-fixtures';
import { listen, openEventStream } from '../testing/event-stream';
import { fakeDist } from '../testing/server-process';
import { users } from '../db/schema';
import { nextPhone, registration } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

interface Started {
  app: FastifyInstance;
  close(): Promise<void>;
}

let distDir: string;
beforeAll(async () => {
  distDir = await fakeDist();
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

/** The app over a build, with one route that fails unexpectedly (a 500 must carry the headers too). */
async function start(env: Record<string, string> = {}): Promise<Started> {
  const database: TestDatabase = await createTestDatabase();
  const app = await buildApp({
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: distDir, ...env }),
    database: database.config,
  });
  await app.register(
    async (scope) => {
      scope.get('/throws', async () => {
        throw new Error('unexpected');
      });
      scope.get('/unavailable', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
    },
    { prefix: '/api/test' },
  );
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

const responses: [string, InjectOptions, number][] = [
  ['an API answer', { method: 'GET', url: '/api/health' }, 200],
  ['a hashed static file', { method: 'GET', url: '/assets/app-abc123.js' }, 200],
  ['the service worker', { method: 'GET', url: '/sw.js' }, 200],
  ['the page', { method: 'GET', url: '/' }, 200],
  ['the page for a client route', { method: 'GET', url: '/dashboard' }, 200],
  ['an unknown API path', { method: 'GET', url: '/api/nothing-here' }, 404],
  ['a missing hashed file', { method: 'GET', url: '/assets/gone-123.js' }, 404],
  ['a request without a session', { method: 'GET', url: '/api/users/validateUser' }, 401],
  [
    'malformed JSON',
    {
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "98',
    },
    400,
  ],
  [
    'a body over 16 KiB',
    { method: 'POST', url: '/api/users/login', payload: { phone: 'x'.repeat(17 * 1024) } },
    413,
  ],
  ['an unexpected error', { method: 'GET', url: '/api/test/throws' }, 500],
];

let plain: Started;
beforeAll(async () => {
  plain = await start();
});
afterAll(() => plain.close());

describe('every response', () => {
  describe.each(responses)('%s', (_kind, request, status) => {
    let headers: Record<string, unknown>;
    beforeAll(async () => {
      const response = await plain.app.inject(request);
      expect(response.statusCode).toBe(status);
      headers = response.headers;
    });

    it('carries a Content-Security-Policy of its own origin only, framed by no one', () => {
      const csp = directives(headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
    });

    it('carries X-Content-Type-Options nosniff', () => {
      expect(headers['x-content-type-options']).toBe('nosniff');
    });

    it('carries a Referrer-Policy that sends no referrer', () => {
      expect(headers['referrer-policy']).toBe('no-referrer');
    });

    it('carries a Permissions-Policy refusing microphone and payment', () => {
      const policy = String(headers['permissions-policy']);
      for (const feature of ['microphone', 'payment']) {
        expect(policy).toContain(`${feature}=()`);
      }
    });

    it('lets our own pages, and no frame, use the camera (scanning a card)', () => {
      expect(String(headers['permissions-policy'])).toContain('camera=(self)');
    });

    it('lets our own pages, and no frame, ask for the location (a photo\'s "Add my location")', () => {
      expect(String(headers['permissions-policy'])).toContain('geolocation=(self)');
    });

    it('refuses to be framed in older browsers too', () => {
      expect(headers['x-frame-options']).toBe('DENY');
    });

    it('sends no Strict-Transport-Security without HSTS=true', () => {
      expect(headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('includes the live notification stream', async () => {
    const stream = await openEventStream(`${await listen(plain.app)}/api/users/events`, {
      authorization: `Bearer ${await signedInToken(plain.app)}`,
    });
    stream.close();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

async function signedInToken(app: FastifyInstance): Promise<string> {
  const [user] = await app.database.db
    .insert(users)
    .values({
      name: 'Anu',
      email: 'anu@example.in',
      phone: nextPhone(),
      gender: 'Female',
      dateOfBirth: '1990-04-12',
      district: 'Ernakulam',
      city: 'Kochi',
    })
    .returning();
  return app.sessions.create(user?.id ?? '');
}

describe('Cache-Control of API answers', () => {
  const register = (phone: string) =>
    plain.app.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });

  it.each(responses.filter(([, request]) => String(request.url).startsWith('/api')))(
    'is no-store on %s',
    async (_kind, request, status) => {
      const response = await plain.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('is no-store on the runtime config', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a refusal for too many requests (429)', async () => {
    const phone = nextPhone();
    expect((await register(phone)).statusCode).toBe(201);
    const response = await register(phone);
    expect(response.statusCode).toBe(429);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a service that cannot be reached (503)', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the live notification stream', async () => {
    const stream = await openEventStream(`${await listen(plain.app)}/api/users/events`, {
      authorization: `Bearer ${await signedInToken(plain.app)}`,
    });
    stream.close();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/', '/dashboard', '/sw.js', '/assets/app-abc123.js'])(
    "is left to the PWA's own rules on %s",
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control']).not.toContain('no-store');
    },
  );
});

describe('the Content-Security-Policy of the page', () => {
  let csp: Map<string, string[]>;
  beforeAll(async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/' });
    csp = directives(response.headers['content-security-policy'] as string);
  });

  it('lets styles come only from its own origin, and style elements written at run time', () => {
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets images come from its own origin, data: URLs and blob: URLs (photos read with the token) only', () => {
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('lets workers and the manifest come from its own origin only', () => {
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
  });

  it('does not ask to upgrade requests without HSTS=true (plain HTTP on a local network keeps working)', () => {
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('over a build whose page carries an inline script', () => {
  const EARLY = 'window.early = true;';
  let started: Started;
  let builtDir: string;
  beforeAll(async () => {
    builtDir = await fakeDist();
    await writeFile(
      path.join(builtDir, 'index.html'),
      `<!doctype html><script type="module" src="/assets/app-abc123.js"></script><script data-early-start>${EARLY}</script><div id="root"></div>`,
    );
    started = await start({ DIST_DIR: builtDir });
  });
  afterAll(async () => {
    await started.close();
    await rm(builtDir, { recursive: true, force: true });
  });

  it('lets exactly that script run, by its hash, besides its own origin’s files', async () => {
    const response = await started.app.inject({ method: 'GET', url: '/dashboard' });
    const hash = createHash('sha256').update(EARLY).digest('base64');
    expect(directives(response.headers['content-security-policy'] as string).get('script-src')).toEqual([
      "'self'",
      `'sha256-${hash}'`,
    ]);
  });
});

describe('with push configured', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start(firebaseEnv);
  });
  afterAll(() => started.close());

  it('lets the page reach the two Firebase hosts a device token needs, and no other', async () => {
    const response = await started.app.inject({ method: 'GET', url: '/' });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://firebaseinstallations.googleapis.com',
      'https://fcmregistrations.googleapis.com',
    ]);
  });
});

describe('with HSTS=true', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start({ HSTS: 'true' });
  });
  afterAll(() => started.close());

  it.each(responses)('sends Strict-Transport-Security on %s', async (_kind, request) => {
    const response = await started.app.inject(request);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('asks the browser to upgrade any plain-HTTP request of the page', async () => {
    const response = await started.app.inject({ method: 'GET', url: '/' });
    expect(
      directives(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests'),
    ).toBe(true);
  });
});
