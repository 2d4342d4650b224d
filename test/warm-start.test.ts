/**
 * The warm start on the production build: the service worker answers the dashboard's navigation with
 * the last snapshot of it, so the greeting paints before any script runs; the app takes over the same
 * screen without a shift or a lost keystroke; and the snapshot, personal data on the device, goes at
 * sign-out, on a 401, when the account is deleted, when another user signs in and once it is older than
 * the session's lifetime, and is never served for another route.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { recordLayoutShifts, shiftsOf } from './support/layout-shifts';
import { storedKeys, WORKER_STORE } from './support/stored-state';

/** Moves a stored snapshot's end of life to the past, as if its session's lifetime had gone by. */
function ageSnapshot(page: Page, key: string): Promise<void> {
  return page.evaluate(
    (snapshotKey) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('vahan-contact-worker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval');
          const read = store.get(snapshotKey);
          read.onsuccess = () => {
            const write = store.put({ ...read.result, expiresAt: Date.now() - 1 }, snapshotKey);
            write.onsuccess = () => {
              open.result.close();
              resolve();
            };
            write.onerror = () => reject(write.error);
          };
        };
      }),
    key,
  );
}

const snapshotKey = (account: Account, path = '/dashboard') => `snapshot:${account.user._id}:${path}`;
const snapshotKeys = async (page: Page) =>
  (await storedKeys(page, WORKER_STORE)).filter((key) => key.startsWith('snapshot:'));
const greeting = (page: Page, account: Account) =>
  page.getByRole('heading', { name: `Hello, ${account.user.name}` });

/** A page with scripts off: whatever it shows came from the worker's answer alone. */
async function pageWithoutScripts(browser: LaunchedContext): Promise<Page> {
  const page = await browser.context.newPage();
  const devtools = await browser.context.newCDPSession(page);
  await devtools.send('Emulation.setScriptExecutionDisabled', { value: true });
  return page;
}

/**
 * Holds the entry chunk back until the returned function is called: it is taken out of the worker's
 * cache, so the worker fetches it, and that fetch waits.
 */
async function holdEntryChunk(browser: LaunchedContext, page: Page): Promise<() => void> {
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (/\/assets\/index-[^/]*\.js/.test(request.url)) await cache.delete(request);
      }
    }
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await browser.context.route(/\/assets\/index-[^/]*\.js/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describeInBrowser('the warm start', () => {
  let server: AppServer;
  const browsers: LaunchedContext[] = [];

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A device where `account` opened the dashboard once: the worker controls it and holds the snapshot. */
  async function warmDevice(account: Account): Promise<{ browser: LaunchedContext; page: Page }> {
    const browser = await launchContext();
    browsers.push(browser);
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await greeting(page, account).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 15_000);
    await waitUntil(
      async () => (await storedKeys(page, WORKER_STORE)).includes(snapshotKey(account)),
      15_000,
    );
    return { browser, page };
  }

  /** Whether the worker's answer to a navigation to `path` shows `account`'s greeting with no script run. */
  async function answerShowsGreeting(browser: LaunchedContext, account: Account, path = '/dashboard') {
    const page = await pageWithoutScripts(browser);
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.fromServiceWorker(), 'the worker answered').toBe(true);
    const shown = await greeting(page, account).isVisible();
    await page.close();
    return shown;
  }

  it('paints the greeting and the search button from the worker’s answer, before any script runs', async () => {
    const account = await signUp(server, { name: 'Anu Warmstart' });
    const { browser } = await warmDevice(account);
    const page = await pageWithoutScripts(browser);
    await page.goto(`${server.url}/dashboard`);
    await expectVisible(greeting(page, account));
    await expectVisible(page.getByRole('button', { name: 'Search Vehicles' }));
    // Its form cannot be sent natively before the app is attached.
    expect(await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).isDisabled()).toBe(true);
  });

  it('fetches none of the stylesheets the worker’s answer carries, before or after the app takes over', async () => {
    const account = await signUp(server, { name: 'Deepa Styles' });
    const { page } = await warmDevice(account);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(request.url());
    });
    await page.goto(`${server.url}/dashboard`);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('root')?.dataset.snapshot), { timeout: 15_000 })
      .toBeUndefined();
    await expectVisible(greeting(page, account));
    const carried = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map(
        (style) => new URL(style.dataset.href ?? '', location.href).href,
      ),
    );
    expect(carried.length).toBeGreaterThan(1);
    expect(stylesheets.filter((href) => carried.includes(href))).toEqual([]);
    // Styled all the same: the search button has the app's accent colour, not the browser's grey.
    const background = await page
      .getByRole('button', { name: 'FIND VEHICLE OWNER' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).toBe('rgb(15, 118, 110)');
  });

  it('is taken over by the app with nothing moved, what was typed kept, and no error', async () => {
    const account = await signUp(server, { name: 'Bindu Takeover' });
    const { browser, page } = await warmDevice(account);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await browser.context.addInitScript(recordLayoutShifts);
    const release = await holdEntryChunk(browser, page);
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    await expectVisible(greeting(page, account));
    const plate = page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' });
    await plate.fill('KL07AB1234');
    const snapshotOwner = () => page.evaluate(() => document.getElementById('root')?.dataset.snapshot);
    expect(await snapshotOwner(), 'the app has not taken over yet').toBe(account.user._id);
    release();
    await expect.poll(snapshotOwner, { timeout: 15_000 }).toBeUndefined();
    await expectVisible(greeting(page, account));
    await expect.poll(() => plate.inputValue()).toBe('KL07AB1234');
    expect(await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).isDisabled()).toBe(false);
    expect(await shiftsOf(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps a tap made on the snapshot before the app is attached, and makes it once the app is', async () => {
    const account = await signUp(server, { name: 'Kavya Early Tap' });
    const { browser, page } = await warmDevice(account);
    const release = await holdEntryChunk(browser, page);
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    await expectVisible(greeting(page, account));
    await page.getByRole('button', { name: 'Search Vehicles' }).click();
    expect(new URL(page.url()).pathname, 'nothing happened natively').toBe('/dashboard');
    const kept = await page.evaluate(() => (window as { snapshotTaps?: unknown[] }).snapshotTaps?.length);
    expect(kept, 'the tap was kept').toBe(1);
    release();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/vehicleSearch');
  });

  it('serves the snapshot for its own route only', async () => {
    const account = await signUp(server, { name: 'Chitra Routes' });
    const { browser } = await warmDevice(account);
    expect(await answerShowsGreeting(browser, account, '/dashboard')).toBe(true);
    expect(await answerShowsGreeting(browser, account, '/')).toBe(false);
    expect(await answerShowsGreeting(browser, account, '/settings')).toBe(false);
  });

  it('is removed at sign-out', async () => {
    const account = await signUp(server, { name: 'Deepa Signout' });
    const { page } = await warmDevice(account);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/login`);
    await waitUntil(async () => (await snapshotKeys(page)).length === 0, 15_000);
  });

  it('is removed when the session check answers 401', async () => {
    const account = await signUp(server, { name: 'Elsa Revoked' });
    const { browser, page } = await warmDevice(account);
    const revoked = await fetch(`${server.url}/api/users/logout`, {
      method: 'POST',
      headers: account.headers,
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    await page.reload();
    await page.waitForURL(`${server.url}/login`);
    await waitUntil(async () => (await snapshotKeys(page)).length === 0, 15_000);
    expect(await answerShowsGreeting(browser, account)).toBe(false);
  });

  it('is removed when the account is deleted', async () => {
    const account = await signUp(server, { name: 'Fathima Deleted' });
    const { page } = await warmDevice(account);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await waitUntil(async () => (await snapshotKeys(page)).length === 0, 15_000);
  });

  it('is removed when another user signs in on the device', async () => {
    const first = await signUp(server, { name: 'Gita First' });
    const second = await signUp(server, { name: 'Hari Second' });
    const { page } = await warmDevice(first);
    // The second user's token in place of the first's, with nothing of the first's cleared.
    await storeToken(page, server, second);
    await page.goto(`${server.url}/dashboard`);
    await greeting(page, second).waitFor();
    await waitUntil(async () => (await snapshotKeys(page)).includes(snapshotKey(second)), 15_000);
    expect(await snapshotKeys(page)).toEqual([snapshotKey(second)]);
  });

  it('is removed, and not served, once older than the session’s lifetime', async () => {
    const account = await signUp(server, { name: 'Indu Expired' });
    const { browser, page } = await warmDevice(account);
    await page.goto(`${server.url}/settings`);
    await ageSnapshot(page, snapshotKey(account));
    expect(await answerShowsGreeting(browser, account)).toBe(false);
    expect(await snapshotKeys(page)).toEqual([]);
  });
});
