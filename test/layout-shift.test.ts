/**
 * Reloading the signed-in dashboard shows the user stored in IndexedDB at once; when the session
 * check answers, the answer replaces it without moving anything on the page (no layout shift).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const NAME = 'Lakshmi Steady';

interface ShiftLog {
  shifts: number[];
}

/** Runs before the app's scripts on every load: records each layout shift not caused by input. */
function recordLayoutShifts(): void {
  const log = window as unknown as ShiftLog;
  log.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) log.shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Whether the app stored the signed-in user in IndexedDB (src/state/persist.ts). */
function userIsStored(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('vahan-contact');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('state')) return resolve(false);
          const read = database.transaction('state').objectStore('state').get('user');
          read.onerror = () => resolve(false);
          read.onsuccess = () => {
            database.close();
            resolve(read.result !== undefined);
          };
        };
      }),
  );
}

describeInBrowser('reloading the signed-in dashboard', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    const account = await signUp(server, { name: NAME });
    browser = await launchContext();
    await browser.context.addInitScript(recordLayoutShifts);
    page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
    await waitUntil(() => userIsStored(page), 15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the stored user before the session check answers, and nothing shifts when it does', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/users/validateUser', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/users/validateUser'));
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: `Hello, ${NAME}` }));
    answer();
    await answered;
    // Two frames later the answer is on screen and any shift it caused has been reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => (window as unknown as ShiftLog).shifts)).toEqual([]);
  });
});
