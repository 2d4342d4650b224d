/**
 * DESIGN §5 live channel in Debian's Chromium on the production build: user A sends a message to
 * user B's vehicle while B's dashboard is open, and B's bell shows it without a reload; then the
 * same with two server instances on one PostgreSQL database, A on one and B on the other.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePayload, ServerNotification } from '#common/api';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { createPostgresDatabase } from '../server/testing/postgres-database';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const RECEIVER = 'Bindu Receiver';

async function sendMessage(server: AppServer, sender: Account, payload: MessagePayload) {
  const response = await fetch(`${server.url}/api/users/sendMessage`, {
    method: 'POST',
    headers: sender.headers,
    body: JSON.stringify(payload),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ServerNotification;
}

/** Requests the page made for the unread list, counted from now on. */
function countUnreadFetches(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users/unreadNotifications') count += 1;
  });
  return () => count;
}

/**
 * B (signed in on `receiverServer`) has the dashboard open when A (on `senderServer`) messages B's
 * vehicle; the bell's badge and dropdown show the message while the page stays the same document.
 */
async function expectLiveDelivery(senderServer: AppServer, receiverServer: AppServer): Promise<void> {
  const sender = await signUp(senderServer, { name: 'Arun Sender' });
  const receiver = await signUp(receiverServer, { name: RECEIVER });
  const vehicle = await addVehicle(receiverServer, receiver, {
    name: 'Blue Alto',
    vehicleNumber: 'KL07AB4321',
  });
  const browser: LaunchedContext = await launchContext();
  try {
    const page = await browser.context.newPage();
    await storeToken(page, receiverServer, receiver);
    const streamOpen = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/users/events' && response.status() === 200,
      { timeout: 30_000 },
    );
    await page.goto(`${receiverServer.url}/dashboard`);
    await expectVisible(page.getByRole('heading', { name: `Hello, ${RECEIVER}` }));
    await streamOpen;
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications');
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const unreadFetches = countUnreadFetches(page);

    const text = `Your Alto blocks my gate ${randomBytes(3).toString('hex')}`;
    const sent = await sendMessage(senderServer, sender, {
      userId: receiver.user._id,
      vehicleId: vehicle._id,
      message: text,
    });

    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 1 unread');
    await expect(page.locator('.bell-badge').textContent()).resolves.toBe('1');
    // It came by the live channel: the page did not fetch the unread list for it.
    expect(unreadFetches()).toBe(0);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('listitem').filter({ hasText: text });
    await expectVisible(item);
    await expect(item.getByText(sent.title).isVisible()).resolves.toBe(true);
    await expect(item.getAttribute('class')).resolves.toContain('bell-item-unread');
  } finally {
    await browser.close();
  }
}

describeInBrowser('live notifications', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("a message to B's vehicle shows in B's open bell without a reload", async () => {
    await expectLiveDelivery(server, server);
  });
});

const adminUrl = process.env.DATABASE_URL;

const describeOnPostgres = adminUrl ? describeInBrowser : describe.skip;

describeOnPostgres(
  `live notifications across two server instances on PostgreSQL${adminUrl ? '' : ' (skipped: DATABASE_URL is not set)'}`,
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    const servers: AppServer[] = [];

    beforeAll(async () => {
      database = await createPostgresDatabase(adminUrl!, 'browser');
      // One after the other: the first one migrates the new database.
      servers.push(await startAppServer({ DATABASE_URL: database.url }));
      servers.push(await startAppServer({ DATABASE_URL: database.url }));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
    });

    it("A on instance 1 messages B's vehicle; B's bell on instance 2 shows it without a reload", async () => {
      const [first, second] = servers;
      await expectLiveDelivery(first!, second!);
    });
  },
);
