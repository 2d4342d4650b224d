/**
 * The offline outbox in Debian's Chromium against the real server: a message written with no network
 * is kept, shown as "Waiting for network", and stored exactly once when the network returns, whether
 * the page sends it, the service worker's Background Sync sends it with no page open, or an answer
 * was lost in flight. A logout with something queued sends nothing, ever.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { storedKeys, WORKER_STORE } from './support/stored-state';

const VEHICLE_NUMBER = 'KL07OB1234';
const LABEL = `Message about ${VEHICLE_NUMBER}`;

describeInBrowser('the offline outbox', () => {
  let server: AppServer;
  let owner: Account;
  let sender: Account;
  let launched: LaunchedContext | undefined;
  let messageCounter = 0;

  beforeAll(async () => {
    server = await startAppServer();
    owner = await signUp(server, { name: 'Ravi Outbox' });
    sender = await signUp(server, { name: 'Nisha Sender' });
    await addVehicle(server, owner, {
      name: 'White Swift',
      vehicleNumber: VEHICLE_NUMBER,
      vehicleType: 'Four',
    });
  });

  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** How many messages with this text the owner has: the server's own count, over HTTP. */
  async function storedCount(text: string): Promise<number> {
    const response = await fetch(`${server.url}/api/users/unreadNotifications`, { headers: owner.headers });
    const list = (await response.json()) as ServerNotification[];
    return list.filter((notification) => notification.content === text).length;
  }

  const nextMessage = () => `Basement test ${++messageCounter}: please move`;

  /** A signed-in sender on the owner's /message page, found by an online search, with the worker ready. */
  async function senderOnMessagePage(): Promise<{ context: BrowserContext; page: Page }> {
    launched = await launchContext();
    const page = await launched.context.newPage();
    await storeToken(page, server, sender);
    await page.goto(`${server.url}/dashboard`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(VEHICLE_NUMBER);
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    await page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: 'Ravi Outbox' })
      .getByRole('link')
      .click();
    await page.waitForURL((url) => url.pathname === '/message');
    return { context: launched.context, page };
  }

  async function writeMessage(page: Page, text: string) {
    await page.getByRole('button', { name: 'Send SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Notify User About Vehicle' });
    await modal.getByRole('textbox', { name: 'Message' }).fill(text);
    await modal.getByRole('button', { name: 'Notify User' }).click();
    return modal;
  }

  it('keeps a message written offline, shows it waiting, and stores it once when the network returns', async () => {
    const { context, page } = await senderOnMessagePage();
    const text = nextMessage();
    await context.setOffline(true);
    const modal = await writeMessage(page, text);

    await expectVisible(modal.getByText('Waiting for network'));
    await expectVisible(page.getByRole('button', { name: '1 waiting for network' }));
    expect(await storedCount(text)).toBe(0);

    await context.setOffline(false);
    await expectVisible(modal.getByText(`Sent: ${LABEL}`));
    await page.getByRole('button', { name: '1 waiting for network' }).waitFor({ state: 'detached' });
    expect(await storedCount(text)).toBe(1);
  });

  it('lets the user see and cancel a queued message, which is then never sent', async () => {
    const { context, page } = await senderOnMessagePage();
    const text = nextMessage();
    await context.setOffline(true);
    const modal = await writeMessage(page, text);
    await expectVisible(modal.getByText('Waiting for network'));
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: '1 waiting for network' }).click();
    const list = page.getByRole('region', { name: 'Waiting to send' });
    await expectVisible(list.getByText(LABEL));
    await list.getByRole('button', { name: 'Cancel' }).click();
    await list.waitFor({ state: 'detached' });

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { name: 'User Details' }).waitFor();
    expect(await storedKeys(page, WORKER_STORE)).not.toContainEqual(expect.stringMatching(/^outbox:/));
    expect(await storedCount(text)).toBe(0);
  });

  it('stores nothing new when the answer was lost in flight and the retry carries the same key', async () => {
    const { context, page } = await senderOnMessagePage();
    const text = nextMessage();
    const keys: string[] = [];
    let answerLost = false;
    let releaseRetries = () => {};
    const retriesReleased = new Promise<void>((resolve) => (releaseRetries = resolve));
    // On the context, so the worker's Background Sync is caught as well as the page's own retry.
    await context.route('**/api/users/sendMessage', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!answerLost) {
        // The request reaches the server and is stored; its answer never reaches the app.
        answerLost = true;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await retriesReleased;
      await route.continue();
    });
    const modal = await writeMessage(page, text);
    await expectVisible(modal.getByText('Waiting for network'));
    expect(await storedCount(text)).toBe(1);

    releaseRetries();
    await expectVisible(modal.getByText(`Sent: ${LABEL}`));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(await storedCount(text)).toBe(1);
  });

  it("shows the last search's owner offline and has the service worker send the message with no page open", async () => {
    const { context, page } = await senderOnMessagePage();
    const text = nextMessage();
    const messageUrl = page.url();
    // setOffline does not reach the worker's own requests: while the network is "down" the context
    // refuses them too, so a sync the browser fires at once fails as it would in a basement.
    let networkDown = true;
    await context.route('**/api/users/sendMessage', (route) =>
      networkDown ? route.abort('internetdisconnected') : route.continue(),
    );
    await context.setOffline(true);
    // A fresh offline start: the shell from the worker, the owner from the stored search results.
    await page.goto(messageUrl);
    await expectVisible(page.getByRole('heading', { name: 'User Details' }));
    await expectVisible(page.getByText('White Swift'));
    await expectVisible(page.getByText(VEHICLE_NUMBER));
    const modal = await writeMessage(page, text);
    await expectVisible(modal.getByText('Waiting for network'));
    await page.close();

    await context.setOffline(false);
    networkDown = false;
    expect(await storedCount(text)).toBe(0);
    // Headless Chromium does not fire Background Sync on an emulated network change, so the test
    // fires the registered sync through the DevTools protocol (ServiceWorker.dispatchSyncEvent) from
    // a blank tab of another origin: no page of the app is open.
    const blank = await context.newPage();
    const devtools = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL.startsWith(server.url));
        if (found && !found.isDeleted) resolve(found.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registrationId,
      tag: 'outbox',
      lastChance: false,
    });
    await expect.poll(() => storedCount(text), { timeout: 15_000 }).toBe(1);
    expect(context.pages().some((open) => open.url().startsWith(server.url))).toBe(false);
  });

  it('sends nothing, ever, that was queued before a logout', async () => {
    const { context, page } = await senderOnMessagePage();
    const text = nextMessage();
    await context.setOffline(true);
    const modal = await writeMessage(page, text);
    await expectVisible(modal.getByText('Waiting for network'));
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedKeys(page, WORKER_STORE)).toEqual([]);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/sendMessage')) sent.push(request.url());
    });
    await context.setOffline(false);
    // Signing in again on this device starts with an empty outbox.
    await storeToken(page, server, sender);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Nisha Sender' }).waitFor();
    expect(await page.getByRole('button', { name: /waiting for network/ }).count()).toBe(0);
    expect(sent).toEqual([]);
    expect(await storedCount(text)).toBe(0);
  });
});
