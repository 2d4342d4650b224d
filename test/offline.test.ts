/**
 * DESIGN §6 in Debian's Chromium on the production build: the service worker controls the app, and with
 * the network gone the signed-in user, their vehicles and their session survive a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pwaTexts } from './support/texts';

const OFFLINE_TEXT = pwaTexts('en')._('app.offline');
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { APP_STATE, readStored } from './support/stored-state';

const NAME = 'Meera Offline';
const VEHICLE = { name: 'Family Swift', vehicleNumber: 'KL07AB1234', vehicleType: 'Four' } as const;

/** Resolves once the page logged the failed session check (src/lib/api-client.ts logs every failure). */
function sessionCheckFailed(page: Page): Promise<unknown> {
  return page.waitForEvent('console', {
    predicate: (message) => message.text().includes('/api/users/validateUser'),
    timeout: 15_000,
  });
}

describeInBrowser('offline', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let page: Page;
  let account: Account;

  beforeAll(async () => {
    server = await startAppServer();
    account = await signUp(server, { name: NAME });
    await addVehicle(server, account, VEHICLE);
    browser = await launchContext();
    page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has the service worker control the page after a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controller).toBe(`${server.url}/sw.js`);
  });

  describeInBrowser('with the network gone', () => {
    beforeAll(async () => {
      // One online visit of /myVehicle stores the vehicles in IndexedDB.
      await page.goto(`${server.url}/myVehicle`);
      await page.getByText(VEHICLE.name).waitFor();
      await waitUntil(
        async () =>
          ((await readStored<{ name: string }[]>(page, APP_STATE, 'vehicles')) ?? []).some(
            (vehicle) => vehicle.name === VEHICLE.name,
          ),
        10_000,
      );
      await browser.context.setOffline(true);
    });

    it('shows the signed-in user on /dashboard after a reload', async () => {
      const response = await page.goto(`${server.url}/dashboard`);
      expect(response?.fromServiceWorker(), 'the shell comes from the service worker').toBe(true);
      await expectVisible(page.getByRole('heading', { name: `Hello, ${NAME}` }));
    });

    it("shows the user's vehicles from IndexedDB on /myVehicle", async () => {
      await page.goto(`${server.url}/myVehicle`);
      await page.getByText('You are offline: these are the vehicles saved on this device.').waitFor();
      await expectVisible(page.getByText(VEHICLE.name));
      await expectVisible(page.getByText(VEHICLE.vehicleNumber));
    });

    it('keeps the user signed in when the session check gets no answer', async () => {
      const failed = sessionCheckFailed(page);
      await page.goto(`${server.url}/dashboard`);
      await failed;
      await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(
        JSON.stringify(account.token),
      );
    });

    it('says plainly that searching needs a connection', async () => {
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill('KL07CD5678');
      await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
      await expectVisible(page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }));
    });
  });
});
