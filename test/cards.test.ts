/**
 * Windscreen cards in Debian's Chromium on the production build: a stranger with no app and no
 * account opens a card's page, proves the plate, sends, and sees the owner's answer from the bell
 * live; the same page where the app is installed (its worker leaves it to the server), the page's
 * JavaScript budget, and the page with JavaScript off.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import jsQR from 'jsqr';
import type { Download, Page, Response } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerNotification, Vehicle } from '#common/api';
import type { VehicleCard } from '#common/card-api';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { KB } from './support/build-sizes';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { qrCodesOf } from '../server/testing/pdf-images';

/** The budget for the card page: at most 30 KB of JavaScript, gzipped. */
const CARD_PAGE_JS_BUDGET = 30 * KB;

describeInBrowser('windscreen cards: the stranger’s page', () => {
  let server: AppServer;
  let owner: Account;
  let vehicle: Vehicle;
  let cardPath: string;
  let strangerBrowser: LaunchedContext;
  let ownerBrowser: LaunchedContext;

  beforeAll(async () => {
    server = await startAppServer();
    owner = await signUp(server, { name: 'Owner Devi' });
    vehicle = await addVehicle(server, owner, { name: 'Red Swift', vehicleNumber: 'KL07AB1234' });
    const made = await fetch(`${server.url}/api/users/vehicleCard`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ vehicleId: vehicle._id }),
    });
    cardPath = new URL(((await made.json()) as VehicleCard).url).pathname;
    strangerBrowser = await launchContext();
    ownerBrowser = await launchContext();
  });

  afterAll(async () => {
    await strangerBrowser?.close();
    await ownerBrowser?.close();
    await server?.stop();
  });

  /** The stranger at the car: the card's page, the plate's last four digits, a suggestion, Send. */
  async function sendFromCard(page: Page, suggestion: RegExp): Promise<void> {
    await page.goto(`${server.url}${cardPath}`);
    await expectVisible(page.getByRole('heading', { name: "Reach this vehicle's owner" }));
    await expectVisible(page.getByText('KL 07 ** ****', { exact: true }));
    await page.getByLabel('Last 4 digits of the number plate').fill('1234');
    await page.getByRole('radio', { name: suggestion }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/sent\//);
    await expectVisible(page.getByRole('heading', { name: 'Message sent' }));
  }

  async function ownerPage(path: string): Promise<Page> {
    const page = await ownerBrowser.context.newPage();
    await storeToken(page, server, owner);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  async function ownersRequest(fragment: string): Promise<ServerNotification> {
    const response = await fetch(`${server.url}/api/users/unreadNotifications`, { headers: owner.headers });
    const found = ((await response.json()) as ServerNotification[]).find((item) =>
      item.content.includes(fragment),
    );
    if (!found) throw new Error(`the owner has no request with "${fragment}"`);
    return found;
  }

  it('a fresh profile opens the card, proves the plate, sends, and sees "Coming in 5 minutes" live when the owner answers from the bell', async () => {
    const stranger = await strangerBrowser.context.newPage();
    await sendFromCard(stranger, /is blocking the driveway/);
    let reloads = 0;
    stranger.on('load', () => (reloads += 1));

    const bell = await ownerPage('/dashboard');
    await bell.getByRole('button', { name: /^Notifications/ }).click();
    const item = bell
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'is blocking the driveway' });
    await expectVisible(item.getByText('Sent by Someone at your vehicle'));
    await expectVisible(item.getByText(/Via your windscreen card/));
    await item.getByRole('button', { name: 'In 5 minutes' }).click();

    await expectVisible(stranger.getByText('Coming in 5 minutes'));
    await expectVisible(stranger.getByRole('heading', { name: 'Get your own windscreen card' }));
    expect(reloads).toBe(0);
    await stranger.close();
    await bell.close();
  });

  it('opens from the server on a profile where the app is installed: its worker does not swallow it', async () => {
    const app = await ownerPage('/dashboard');
    await app.getByRole('heading', { name: 'Hello, Owner Devi' }).waitFor();
    await app.evaluate(() => navigator.serviceWorker.ready);
    await app.reload();
    expect(await app.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const response = await app.goto(`${server.url}${cardPath}`);
    expect(response?.fromServiceWorker()).toBe(false);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expectVisible(app.getByRole('heading', { name: "Reach this vehicle's owner" }));
    await app.close();
  });

  it('loads at most 30 KB of JavaScript (gzipped), on the card and on the status page', async () => {
    const stranger = await strangerBrowser.context.newPage();
    const scripts: Response[] = [];
    stranger.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await sendFromCard(stranger, /as soon as possible/);
    await expectVisible(stranger.getByText(/Waiting for the owner/));
    let total = 0;
    for (const script of scripts) total += gzipSync(await script.body()).length;
    expect(scripts.map((script) => new URL(script.url()).pathname)).toEqual(['/public-page/live.js']);
    expect(total).toBeLessThanOrEqual(CARD_PAGE_JS_BUDGET);
    await stranger.close();
  });

  it('works with JavaScript off: the form posts, and the status page reloads itself to the answer', async () => {
    const noScript = await launchContext({ javaScriptEnabled: false });
    try {
      const page = await noScript.context.newPage();
      await sendFromCard(page, /needs immediate attention/);
      await expectVisible(page.getByText(/Waiting for the owner/));
      // With scripts off the page asks to be reloaded; here it is reloaded at once rather than waited for.
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(1);
      const request = await ownersRequest('needs immediate attention');
      await fetch(`${server.url}/api/users/replyToNotification`, {
        method: 'POST',
        headers: owner.headers,
        body: JSON.stringify({ notificationId: request._id, kind: 'coming_now' }),
      });
      await page.reload();
      await expectVisible(page.getByText('Coming now'));
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    } finally {
      await noScript.close();
    }
  });
});

describeInBrowser('windscreen cards: the owner’s card in /myVehicle', () => {
  let server: AppServer;
  let owner: Account;
  let browser: LaunchedContext;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    owner = await signUp(server, { name: 'Owner Meera' });
    await addVehicle(server, owner, { name: 'Blue Alto', vehicleNumber: 'KL07CD5678' });
    browser = await launchContext();
    page = await browser.context.newPage();
    await storeToken(page, server, owner);
    await page.goto(`${server.url}/myVehicle`);
    await page.getByRole('button', { name: 'Windscreen card' }).click();
    await page.getByText('KL 07 ** ****', { exact: true }).first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The card's URL as its page shows it written out. */
  const shownUrl = async () => `http://${await page.locator('.windscreen-card-url').first().textContent()}`;

  async function downloaded(button: string): Promise<Buffer> {
    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      page.getByRole('button', { name: button }).click(),
    ]);
    return readFileSync(await download.path());
  }

  it('shares the card as a PNG, where the phone shares files, whose QR code reads back to the card URL', async () => {
    // Desktop Chromium has no Web Share: the page gets a phone's, which keeps the file it is handed.
    await page.evaluate(() => {
      const shared = window as unknown as { sharedPng?: number[] };
      Object.assign(navigator, {
        canShare: () => true,
        share: async (data: ShareData) => {
          const file = data.files?.[0];
          if (file) shared.sharedPng = [...new Uint8Array(await file.arrayBuffer())];
        },
      });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    const bytes = await page.waitForFunction(() => (window as unknown as { sharedPng?: number[] }).sharedPng);
    const png = PNG.sync.read(Buffer.from((await bytes.jsonValue()) as number[]));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(await shownUrl());
  });

  it("downloads the server's PDF, whose QR code reads back to the card URL", async () => {
    expect(await qrCodesOf(await downloaded('Download PDF'))).toEqual([await shownUrl()]);
  });
});
