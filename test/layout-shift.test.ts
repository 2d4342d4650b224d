/**
 * Reloading the signed-in dashboard shows the user and the open request stored in IndexedDB at once;
 * when the session check and the sent requests answer, the answers replace them without moving
 * anything on the page (no layout shift).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { recordLayoutShifts, shiftsOf } from './support/layout-shifts';
import { APP_STATE, readStored } from './support/stored-state';

const NAME = 'Lakshmi Steady';

/** Reloads with `path`'s answers held back, checks what the first frames show, then lets them through. */
async function reloadHoldingAnswer(page: Page, path: string, firstFrame: () => Promise<void>): Promise<void> {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await page.reload();
  await firstFrame();
  answer();
  await answered;
  // Two frames later the answer is on screen and any shift it caused has been reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.unroute(`**${path}`);
}

describeInBrowser('reloading the signed-in dashboard', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let page: Page;
  let account: Account;

  beforeAll(async () => {
    server = await startAppServer();
    account = await signUp(server, { name: NAME });
    browser = await launchContext();
    await browser.context.addInitScript(recordLayoutShifts);
    page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
    await waitUntil(() => readStored(page, APP_STATE, 'user').then((user) => user !== undefined), 15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the stored user before the session check answers, and nothing shifts when it does', async () => {
    await reloadHoldingAnswer(page, '/api/users/validateUser', () =>
      expectVisible(page.getByRole('heading', { name: `Hello, ${NAME}` })),
    );
    expect(await shiftsOf(page)).toEqual([]);
  });

  it('shows a stored open request in the first frame, and nothing shifts when the list answers', async () => {
    const neighbour = await signUp(server, { name: 'Neighbour Gate' });
    await addVehicle(server, neighbour, {
      name: 'Gate Swift',
      vehicleNumber: 'KL07CS4321',
      vehicleType: 'Four',
    });
    const sent = await fetch(`${server.url}/api/users/sendNotification`, {
      method: 'POST',
      headers: account.headers,
      body: JSON.stringify({
        receiverId: neighbour.user._id,
        title: 'Vehicle Notification',
        body: 'Please move KL07CS4321',
      }),
    });
    expect(sent.status).toBe(201);
    const status = page.getByRole('article', { name: 'Request status' });
    await page.reload();
    await status.waitFor();
    await waitUntil(
      () => readStored(page, APP_STATE, 'sentRequests').then((sent) => sent !== undefined),
      15_000,
    );

    await reloadHoldingAnswer(page, '/api/users/sentRequests', () => expectVisible(status));
    expect(await shiftsOf(page)).toEqual([]);
  });
});
