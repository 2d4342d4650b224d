/**
 * After a deploy the server answers 404 for route chunks of the old build. An open tab that then
 * lazily loads such a chunk reloads once to pick up the new build, and never shows React Router's
 * developer error page. No service worker here: the chunk requests must reach the network.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const SETTINGS_CHUNK = /\/assets\/settings-page-[^/]*\.js$/;

describeInBrowser('a route chunk answered with 404', () => {
  let server: AppServer;
  let account: Account;
  let browser: LaunchedContext | undefined;

  beforeAll(async () => {
    server = await startAppServer();
    account = await signUp(server, { name: 'Deepa Menon' });
  });

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A signed-in tab on the dashboard whose Settings chunk is gone; `untilReload`: the reload brings it back. */
  async function dashboardWithMissingChunk(
    untilReload: boolean,
  ): Promise<{ page: Page; loads: () => number }> {
    browser = await launchContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await expectVisible(page.getByRole('link', { name: 'Settings' }));
    let loads = 0;
    // Counted when the page's document is requested: the new document asks for the chunk before its
    // `load` event fires.
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads++;
    });
    await page.route(SETTINGS_CHUNK, (route) => {
      if (untilReload && loads > 0) return route.continue();
      return route.fulfill({ status: 404, body: 'Not Found' });
    });
    return { page, loads: () => loads };
  }

  it('reloads once and shows the screen of the new build', async () => {
    const { page, loads } = await dashboardWithMissingChunk(true);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Set your Privacy' }));
    expect(loads()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/settings');
  });

  it('shows the friendly error screen, not the developer page, when reloading does not help', async () => {
    const { page, loads } = await dashboardWithMissingChunk(false);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Something went wrong' }));
    await expectVisible(page.getByRole('button', { name: 'Reload' }));
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(loads()).toBe(1);
  });
});
