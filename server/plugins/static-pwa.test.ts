import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGE } from '#common/prerender';
import { fakeDist, tempDir } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
beforeAll(async () => {
  root = await tempDir('static');
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function appServing(distDir: string): Promise<TestApp> {
  return createTestApp({ env: { DIST_DIR: distDir } });
}

describe('with a build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appServing(await fakeDist(path.join(root, 'dist')));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.inject({ method: 'GET', url });

  it('serves a hashed asset as immutable for a year', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['/.vite/manifest.json', '/.vite/', '/.vite'])(
    'does not serve the build internal %s',
    async (url) => {
      await mkdir(path.join(t.config.distDir, '.vite'), { recursive: true });
      await writeFile(path.join(t.config.distDir, '.vite', 'manifest.json'), '{"index.html":{}}');
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('index.html');
    },
  );

  it.each(['/', '/index.html'])('serves %s as index.html with no-cache', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web manifest with no-cache', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker with no-cache', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('skipWaiting');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/dashboard', '/message?id=1', '/vehicles/add', '/apiary'])(
    'answers index.html for the client route %s, so a reload works',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/api/nothing-here', '/api', '/api/users/nothing?x=1'])(
    'answers a JSON 404 for the unknown API path %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('answers a JSON 404 to a POST on an unknown page path', async () => {
    const response = await t.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 404 for a missing hashed asset rather than the page', async () => {
    const response = await get('/assets/app-old999.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});

describe('with the sign-in screen prerendered', () => {
  const SHELL = '<div id="root"></div>';
  const PRERENDERED = '<div id="root" data-prerendered="/login /"><main>Sign in</main></div>';
  let t: TestApp;
  beforeAll(async () => {
    const distDir = await fakeDist(path.join(root, 'prerendered-dist'));
    await mkdir(path.join(distDir, path.dirname(PRERENDERED_PAGE)), { recursive: true });
    await writeFile(
      path.join(distDir, PRERENDERED_PAGE),
      `<!doctype html><title>Vahan</title>${PRERENDERED}`,
    );
    t = await appServing(distDir);
  });
  afterAll(() => t.close());

  const page = (url: string, acceptLanguage?: string) =>
    t.inject({
      method: 'GET',
      url,
      headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    });

  it.each([
    ['/login', 'en-IN,en;q=0.9'],
    ['/', 'en-GB'],
    ['/login?from=share', undefined],
    ['/login', 'hi-IN,hi;q=0.9'],
  ])('sends %s to a browser that prefers %s the prerendered sign-in screen', async (url, language) => {
    const response = await page(url, language);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(PRERENDERED);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  it.each([
    ['/login', 'ml-IN,ml;q=0.9,en;q=0.8'],
    ['/', 'ml'],
    ['/login', 'en;q=0.5,ml-IN'],
  ])('sends %s to a browser that prefers Malayalam (%s) the neutral shell', async (url, language) => {
    const response = await page(url, language);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(SHELL);
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  it.each(['/dashboard', '/registration', '/index.html'])('sends %s the neutral shell', async (url) => {
    const response = await page(url, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(SHELL);
  });

  it('answers HEAD /login like GET', async () => {
    const response = await t.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('has no URL of its own: its path is a client route like any other, answered with the shell', async () => {
    const response = await page(`/${PRERENDERED_PAGE}`);
    expect(response.body).toContain(SHELL);
    expect(response.body).not.toContain('data-prerendered');
  });
});

describe('with a build inside a folder named assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = path.join(root, 'assets', 'dist');
    await mkdir(distDir, { recursive: true });
    t = await appServing(await fakeDist(distDir));
  });
  afterAll(() => t.close());

  it('still serves index.html with no-cache', async () => {
    const response = await t.inject({ method: 'GET', url: '/index.html' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('with no build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appServing(path.join(root, 'missing'));
  });
  afterAll(() => t.close());

  it('answers a JSON 404 for a page path', async () => {
    const response = await t.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
