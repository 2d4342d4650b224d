/**
 * A wiper slip, in Debian's Chromium on the production build: the person blocked in makes a slip and
 * downloads its sheet, attaches a note to the slip by its code; the driver, on a fresh profile with no
 * account and no app, opens the slip's page and answers with one tap; the sender sees the answer on
 * /requests without a reload. The installed app's service worker leaves the slip's page to the server.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const PLATE = 'KL07SJ2468';
const NOTE = 'Blocked at the pharmacy, back in a minute?';

describeInBrowser('a wiper slip', () => {
  let server: AppServer;
  let senderBrowser: LaunchedContext;
  let driverBrowser: LaunchedContext;
  let sender: Account;

  beforeAll(async () => {
    server = await startAppServer();
    sender = await signUp(server, { name: 'Sender Meera' });
    senderBrowser = await launchContext();
    driverBrowser = await launchContext();
  });

  afterAll(async () => {
    await senderBrowser?.close();
    await driverBrowser?.close();
    await server?.stop();
  });

  async function signedInPage(path: string): Promise<Page> {
    const page = await senderBrowser.context.newPage();
    await storeToken(page, server, sender);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it('print a sheet, attach a note, the driver answers on a fresh profile, the sender sees it live', async () => {
    const slipsPage = await signedInPage('/slips');
    await slipsPage.getByRole('combobox', { name: 'How many slips' }).selectOption('1');
    await slipsPage.getByRole('button', { name: 'Make slips' }).click();
    const codes = slipsPage.getByRole('list', { name: 'New slip codes' }).getByRole('listitem');
    await expectVisible(codes.first());
    const code = (await codes.first().textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    const download = slipsPage.waitForEvent('download');
    await slipsPage.getByRole('button', { name: 'Download the sheet (PDF) to print' }).click();
    const sheet = await readFile((await (await download).path()) ?? '');
    expect(sheet.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await slipsPage.getByRole('textbox', { name: 'Slip code' }).fill(code.toLowerCase());
    await slipsPage.getByRole('textbox', { name: 'Registration number' }).fill(PLATE);
    await slipsPage.getByRole('combobox', { name: 'Note' }).selectOption({ label: 'Write my own note' });
    await slipsPage.getByRole('textbox', { name: 'Your note' }).fill(NOTE);
    await slipsPage.getByRole('button', { name: 'Attach the note' }).click();
    await expectVisible(slipsPage.getByText(/Now tuck the slip under the wiper/));

    await slipsPage.getByRole('link', { name: 'My requests' }).last().click();
    const request = slipsPage.getByRole('article', { name: 'Request status' }).filter({ hasText: NOTE });
    await expectVisible(request);
    let reloads = 0;
    slipsPage.on('load', () => (reloads += 1));

    const slipUrl = `${server.url}/s/${code.replace('-', '')}`;
    const driverPage = await driverBrowser.context.newPage();
    await driverPage.goto(slipUrl);
    await expectVisible(driverPage.getByText(NOTE));
    await expectVisible(driverPage.getByText(PLATE));
    await driverPage.getByRole('button', { name: 'In 5 minutes' }).click();
    await expectVisible(driverPage.getByText('Your answer was sent: Coming in 5 minutes'));
    await expectVisible(driverPage.getByRole('link', { name: 'Register your vehicle' }));

    await expectVisible(request.getByText('Coming in 5 minutes'));
    expect(reloads).toBe(0);

    // Where the app and its worker are installed, the slip's address is still the server's page.
    const inApp = await senderBrowser.context.newPage();
    await inApp.goto(slipUrl);
    await expectVisible(inApp.getByText('Your answer was sent: Coming in 5 minutes'));
    await inApp.close();
    await driverPage.close();
    await slipsPage.close();
  });
});
