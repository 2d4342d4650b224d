/**
 * A new release reaching an open app (issue 4, "Updates"): workbox-window finds the new worker, the page
 * offers it, and Reload brings the whole page onto it. The server serves a copy of dist/; the second
 * release is made from it the way a build changes it: a new index.html and, in sw.js, its new revision.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const MARKER = '<meta name="app-release" content="second" />';

/** Turns the copied build into the next release: index.html changes, so its precache revision does too. */
function releaseSecondBuild(root: string): void {
  const indexPath = path.join(root, 'index.html');
  writeFileSync(indexPath, readFileSync(indexPath, 'utf8').replace('</head>', `  ${MARKER}\n  </head>`));
  const swPath = path.join(root, 'sw.js');
  const worker = readFileSync(swPath, 'utf8');
  const revised = worker.replace(/"revision":"[0-9a-f]+","url":"index.html"/, () => {
    return '"revision":"00000000000000000000000000000002","url":"index.html"';
  });
  if (revised === worker) throw new Error('sw.js has no precache entry for index.html');
  writeFileSync(swPath, revised);
}

function release(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.querySelector('meta[name="app-release"]')?.getAttribute('content') ?? null,
  );
}

describeInBrowser('an update', () => {
  let root: string;
  let server: AppServer;
  let browser: LaunchedContext;
  let page: Page;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'vahan-dist-'));
    cpSync(dist, root, { recursive: true });
    server = await startAppServer({ DIST_DIR: root });
    browser = await launchContext();
    page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'SEND VERIFICATION CODE' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    releaseSecondBuild(root);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('offers the new version and keeps running the old one until the user accepts', async () => {
    await expectVisible(page.getByText('A new version is available'));
    await expect(
      page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null),
    ).resolves.toBe(true);
    await expect(release(page)).resolves.toBeNull();
  });

  it('reloads into the new version when Reload is tapped', async () => {
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    await expect.poll(() => release(page), { timeout: 10_000 }).toBe('second');
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        waiting: registration.waiting !== null,
        controlledByActive: navigator.serviceWorker.controller === registration.active,
      };
    });
    expect(state).toEqual({ waiting: false, controlledByActive: true });
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);
  });
});
