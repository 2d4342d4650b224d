/**
 * Send Image in Debian's Chromium against the real server: a photo (generated, through the file
 * chooser) with a caption reaches the owner's bell, where it shows and gets an answer; written with no
 * network, the photo waits in the outbox and is stored exactly once when the network returns.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { SentRequest, ServerNotification } from '#common/api';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const VEHICLE_NUMBER = 'KL07PH1234';

describeInBrowser('Send Image', () => {
  let server: AppServer;
  let owner: Account;
  let sender: Account;
  let photo: Buffer;
  const launched: LaunchedContext[] = [];

  beforeAll(async () => {
    server = await startAppServer();
    owner = await signUp(server, { name: 'Ravi Photo' });
    sender = await signUp(server, { name: 'Nisha Camera' });
    await addVehicle(server, owner, {
      name: 'Red Swift',
      vehicleNumber: VEHICLE_NUMBER,
      vehicleType: 'Four',
    });
    photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
  });

  afterEach(async () => {
    for (const context of launched.splice(0)) await context.close();
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function signedInPage(who: Account, path: string): Promise<{ page: Page; context: LaunchedContext }> {
    const context = await launchContext();
    launched.push(context);
    const page = await context.context.newPage();
    await storeToken(page, server, who);
    await page.goto(`${server.url}${path}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    return { page, context };
  }

  /** The sender's /message page for the owner's vehicle, found by a search. */
  async function senderOnMessagePage() {
    const opened = await signedInPage(sender, '/dashboard');
    const { page } = opened;
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(VEHICLE_NUMBER);
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    await page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: 'Ravi Photo' })
      .getByRole('link')
      .click();
    await page.waitForURL((url) => url.pathname === '/message');
    return opened;
  }

  async function writePhoto(page: Page, caption: string) {
    await page.getByRole('button', { name: 'Send Image' }).click();
    const modal = page.getByRole('dialog', { name: 'Notify User About Vehicle' });
    await modal
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'gate.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expectVisible(modal.getByRole('img', { name: 'The photo to send' }));
    await modal.getByRole('textbox', { name: 'Caption (optional)' }).fill(caption);
    await modal.getByRole('button', { name: 'Notify User' }).click();
    return modal;
  }

  /** The owner's requests with a photo and this caption, from the server. */
  async function storedPhotos(caption: string): Promise<ServerNotification[]> {
    const response = await fetch(`${server.url}/api/users/unreadNotifications`, { headers: owner.headers });
    return ((await response.json()) as ServerNotification[]).filter(
      (item) => item.content === caption && item.image !== undefined,
    );
  }

  it('sends a photo with a caption; the owner sees it in the bell and answers', async () => {
    const { page } = await senderOnMessagePage();
    page.on('dialog', (dialog) => void dialog.accept());
    await writePhoto(page, 'This is your car at my gate');
    await expect.poll(async () => (await storedPhotos('This is your car at my gate')).length).toBe(1);
    const [stored] = await storedPhotos('This is your car at my gate');
    const image = await fetch(`${server.url}${stored?.image?.url ?? ''}`, { headers: owner.headers });
    const size = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(1280);

    const { page: ownerPage } = await signedInPage(owner, '/dashboard');
    await ownerPage.getByRole('button', { name: /^Notifications/ }).click();
    const item = ownerPage
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'This is your car at my gate' });
    const shown = item.getByRole('img', { name: 'Photo sent with the request' });
    await expectVisible(shown);
    expect(await shown.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await item.getByRole('button', { name: 'In 5 minutes' }).click();
    await expectVisible(item.getByText('You answered: In 5 minutes'));
    const sent = await fetch(`${server.url}/api/users/sentRequests`, { headers: sender.headers });
    const answered = ((await sent.json()) as SentRequest[]).find((request) => request._id === stored?._id);
    expect(answered?.reply?.kind).toBe('five_minutes');
  });

  it('keeps a photo written offline waiting, and stores it once when the network returns', async () => {
    const { page, context } = await senderOnMessagePage();
    await context.context.setOffline(true);
    const modal = await writePhoto(page, 'Photo from the basement');
    await expectVisible(modal.getByText('Waiting for network'));
    expect(await storedPhotos('Photo from the basement')).toHaveLength(0);

    await context.context.setOffline(false);
    await expectVisible(modal.getByText(`Sent: Photo about ${VEHICLE_NUMBER}`));
    expect(await storedPhotos('Photo from the basement')).toHaveLength(1);
  });
});
