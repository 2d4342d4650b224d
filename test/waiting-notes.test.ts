/**
 * A search miss still does something, in Debian's Chromium on the production build: the person who is
 * blocked in finds no owner for the plate and leaves a note; a second user registers that number, finds
 * the note in the bell and answers; the first sees it move on /requests without a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const PLATE = 'KL07WN4321';
const NOTE = 'Your grey car blocks the gate of house 7';

describeInBrowser('a note that waits for the owner to join', () => {
  let server: AppServer;
  let senderBrowser: LaunchedContext;
  let ownerBrowser: LaunchedContext;
  let sender: Account;
  let owner: Account;

  beforeAll(async () => {
    // The owner registers the number in this journey: the hold before a registration receives notes
    // (WAITING_NOTE_HOLD_HOURS, tested in server/features/waiting-notes/holds.test.ts) is off here.
    server = await startAppServer({ WAITING_NOTE_HOLD_HOURS: '0' });
    [sender, owner] = [
      await signUp(server, { name: 'Sender Arun' }),
      await signUp(server, { name: 'Owner Devi' }),
    ];
    senderBrowser = await launchContext();
    ownerBrowser = await launchContext();
  });

  afterAll(async () => {
    await senderBrowser?.close();
    await ownerBrowser?.close();
    await server?.stop();
  });

  async function signedInPage(browser: LaunchedContext, account: Account, path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it('a miss → a note → the number is registered and the note answered → the sender sees it live', async () => {
    const searchPage = await signedInPage(senderBrowser, sender, '/dashboard');
    await searchPage.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(PLATE);
    await searchPage.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    await expectVisible(searchPage.getByRole('heading', { name: 'No Vehicle Found' }));
    const offer = searchPage.getByRole('region', { name: 'Leave a note for the owner' });
    await expectVisible(offer.getByText('Nobody has left a note for this vehicle yet.'));
    await expectVisible(offer.getByRole('link', { name: 'Wiper slips' }));
    await offer.getByRole('textbox', { name: 'Your note' }).fill(NOTE);
    await offer.getByRole('button', { name: 'Leave the note' }).click();
    await expectVisible(offer.getByText(/Your note is waiting for the owner until/));
    await expectVisible(offer.getByText('People waiting to reach this vehicle: 1'));

    await offer.getByRole('link', { name: 'See my requests' }).click();
    const request = searchPage.getByRole('article', { name: 'Request status' }).filter({ hasText: NOTE });
    await expectVisible(request.getByText('Waiting for the owner to join'));
    let reloads = 0;
    searchPage.on('load', () => (reloads += 1));

    const ownerPage = await signedInPage(ownerBrowser, owner, '/addVehicle');
    await ownerPage.getByRole('textbox', { name: 'Vehicle name' }).fill('Grey Alto');
    await ownerPage.getByRole('textbox', { name: 'Registration number' }).fill(PLATE);
    await ownerPage.getByRole('button', { name: 'Save' }).click();
    await ownerPage.waitForURL(`${server.url}/myVehicle`);
    await ownerPage.getByRole('button', { name: /^Notifications/ }).click();
    const item = ownerPage
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: NOTE });
    await expectVisible(item);
    await item.getByRole('button', { name: 'In 5 minutes' }).click();
    await expectVisible(item.getByText('You answered: In 5 minutes'));

    await expectVisible(request.getByText('Coming in 5 minutes'));
    expect(reloads).toBe(0);
    await searchPage.close();
    await ownerPage.close();
  });
});
