/**
 * The production build runs under the server's Content-Security-Policy (server/plugins/security-headers.ts)
 * in Debian's Chromium: no screen, toast or route chunk is refused, and no console error or warning
 * appears. A check that the collector itself sees a refused inline script keeps the test able to fail.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const NAME = 'Devika Policy';

interface Observed {
  violations: string[];
  console: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation of the page (from before its first script) and every console error or warning. */
async function observe(page: Page): Promise<Observed> {
  const observed: Observed = { violations: [], console: [] };
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} refused ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      observed.console.push(`${message.type()}: ${message.text()}`);
    }
  });
  return observed;
}

async function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

describeInBrowser('the app under its Content-Security-Policy', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let account: Account;
  let page: Page;
  let observed: Observed;

  beforeAll(async () => {
    server = await startAppServer();
    account = await signUp(server, { name: NAME });
    const neighbour = await signUp(server, { name: 'Neighbour Policy' });
    await addVehicle(server, account, {
      name: 'Family Swift',
      vehicleNumber: 'KL07CS1234',
      vehicleType: 'Four',
    });
    await fetch(`${server.url}/api/users/sendNotification`, {
      method: 'POST',
      headers: neighbour.headers,
      body: JSON.stringify({
        receiverId: account.user._id,
        title: 'Vehicle Notification',
        body: 'Please move KL07CS1234',
      }),
    });
    browser = await launchContext();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await page?.close();
    page = await browser.context.newPage();
    observed = await observe(page);
  });

  it('is served with the policy', async () => {
    const response = await page.goto(`${server.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  it('shows /login and its warning toast with no violation and no console error', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('98765');
    await page.getByRole('button', { name: 'SEND VERIFICATION CODE' }).click();
    await expectVisible(page.getByText('Invlaid number!'));
    expect(await violationsOf(page)).toEqual([]);
    expect(observed.console).toEqual([]);
  });

  it('shows the signed-in screens, the bell and its block toast, a search and the service worker with no violation and no console error', async () => {
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await expectVisible(page.getByRole('heading', { name: `Hello, ${NAME}` }));
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expectVisible(page.getByRole('region', { name: 'Notifications' }));
    await page.getByRole('button', { name: 'Block sender' }).click();
    await expectVisible(page.getByText(/^Sender blocked/));
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${server.url}/myVehicle`);
    await expectVisible(page.getByText('Family Swift'));
    await page.goto(`${server.url}/vehicleSearch`);
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill('KL07CS1234');
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).waitFor({ state: 'detached' });
    expect(await violationsOf(page)).toEqual([]);
    expect(observed.console).toEqual([]);
  });

  it('refuses a script the app did not ship, and the test sees it', async () => {
    await page.goto(`${server.url}/login`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return 'injectedRan' in window;
    });
    expect(ran).toBe(false);
    expect(await violationsOf(page)).toEqual(['script-src-elem refused inline']);
  });
});
