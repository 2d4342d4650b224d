import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
