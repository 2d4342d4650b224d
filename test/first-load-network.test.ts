/**
 * What the first visit of /login really fetches, measured in Debian's Chromium on the production build
 * (npm test builds it first), as a budget beside test/bundle-budgets.test.ts (which reads the build's
 * import graph): a fresh profile, so no service worker is installed yet; every script the page fetches
 * over the network until the network is idle, and for a few seconds more, so that anything fetched on
 * a timer after the first render counts too. Each file is gzipped from dist/ as that test does
 * (1 KB = 1024 bytes). Scripts the service worker answers from its cache, once it has installed, cost
 * no network and are listed apart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { gzipSize, KB, kb } from './support/build-sizes';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';

const BUDGET = 110 * KB;
/** How long to keep watching after the network went idle. */
const AFTER_IDLE_MS = 3000;

interface Fetched {
  path: string;
  fromServiceWorker: boolean;
  atMs: number;
}

function table(scripts: Fetched[]): string {
  const rows = scripts.map(
    (script) =>
      `${kb(gzipSize(script.path)).padStart(10)}  ${`${script.atMs} ms`.padStart(8)}  ${script.path}` +
      (script.fromServiceWorker ? '  (from the service worker, not counted)' : ''),
  );
  return ['      gzip   fetched  file', ...rows].join('\n');
}

describeInBrowser('the first visit of /login, until the network is idle', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let scripts: Fetched[];
  let workerInstalled: boolean;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchContext();
    const page = await browser.context.newPage();
    scripts = [];
    const started = Date.now();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url());
      if (url.origin !== server.url) return;
      scripts.push({
        path: url.pathname.slice(1),
        fromServiceWorker: response.fromServiceWorker(),
        atMs: Date.now() - started,
      });
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(AFTER_IDLE_MS);
    // Deferring the worker must not lose it: it still installs on this first visit.
    workerInstalled = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fetches at most 110 KB of JavaScript, gzipped', () => {
    const network = scripts.filter((script) => !script.fromServiceWorker);
    const bytes = network.reduce((sum, script) => sum + gzipSize(script.path), 0);
    const report = `${table(scripts)}\ncounted: ${kb(bytes)} of ${kb(BUDGET)}`;
    console.info(`/login until network idle:\n${report}`);
    expect(
      network.some((script) => /^assets\/index-.*\.js$/.test(script.path)),
      report,
    ).toBe(true);
    expect(
      network.some((script) => /^assets\/login-page-.*\.js$/.test(script.path)),
      report,
    ).toBe(true);
    expect(bytes, `over budget:\n${report}`).toBeLessThanOrEqual(BUDGET);
  });

  it('still installs the service worker', () => {
    expect(workerInstalled).toBe(true);
  });
});
