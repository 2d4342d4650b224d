/**
 * Issue 12 in Chromium on the production build: a new account's phone and e-mail stay hidden from
 * whoever finds its vehicle, and an owner verifies a vehicle against a fake Cashfree on 127.0.0.1 and
 * is then marked "Verified owner" in search.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startFakeCashfree, type FakeCashfree } from '../server/providers/rc/testing/fake-cashfree';
import { addVehicle, nextPhone, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

describeInBrowser('plate ownership', () => {
  let cashfree: FakeCashfree;
  let server: AppServer;
  let opened: LaunchedContext[] = [];

  beforeAll(async () => {
    cashfree = await startFakeCashfree();
    server = await startAppServer({
      RC_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: 'CF-client',
      CASHFREE_CLIENT_SECRET: 'cf-secret',
      CASHFREE_BASE_URL: cashfree.url,
    });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
    cashfree?.close();
  });

  async function browserFor(account?: Account): Promise<Page> {
    const browser = await launchContext();
    opened.push(browser);
    const page = await browser.context.newPage();
    if (account) await storeToken(page, server, account);
    return page;
  }

  async function searchCard(page: Page, vehicleNumber: string, ownerName: string) {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(vehicleNumber);
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    const card = page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: ownerName });
    await expectVisible(card);
    return card;
  }

  it('registers with the phone box unticked and is found without a phone or an e-mail', async () => {
    const page = await browserFor();
    const phone = nextPhone();
    await page.goto(`${server.url}/registration`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Devika Menon');
    await page.getByRole('textbox', { name: 'Email' }).fill('devika@example.in');
    await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    await page.getByLabel('Date of birth').fill('1991-03-14');
    await page.getByRole('combobox', { name: 'District' }).selectOption('Ernakulam');
    const city = page.getByRole('combobox', { name: 'City' });
    await expect.poll(() => city.isEnabled(), { timeout: 5_000 }).toBe(true);
    await city.selectOption('Kochi');
    const box = page.getByRole('checkbox', { name: 'Let people who find my vehicle see my phone number' });
    expect(await box.isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'I have read how my data is used and I agree to it' }).check();
    const codesBefore = server.codeCount(phone);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL((url) => url.pathname === '/otp-verification');
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await server.waitForCode(phone, codesBefore));
    await page.getByRole('button', { name: 'VERIFY CODE' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto(`${server.url}/addVehicle`);
    await page.getByRole('textbox', { name: 'Vehicle name' }).fill('Red Swift');
    await page.getByRole('textbox', { name: 'Registration number' }).fill('KL07OW1201');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/myVehicle');

    const searcher = await browserFor(await signUp(server, { name: 'Rajan Pillai' }));
    const card = await searchCard(searcher, 'KL07OW1201', 'Devika Menon');
    const text = (await card.textContent()) ?? '';
    expect(text).not.toContain(phone);
    expect(text).not.toContain('devika@example.in');
  });

  it('verifies a vehicle against the fake Cashfree and is marked "Verified owner" in search', async () => {
    const owner = await signUp(server, { name: 'Thomas Varghese' });
    await addVehicle(server, owner, {
      name: 'White Innova',
      vehicleNumber: 'KL07OW1202',
      vehicleType: 'Four',
    });
    const page = await browserFor(owner);
    await page.goto(`${server.url}/myVehicle`);
    await page.getByRole('button', { name: 'Verify ownership' }).click();
    await page.getByRole('textbox', { name: 'Last 5 of chassis number' }).fill('12345');
    await page.getByRole('textbox', { name: 'Last 5 of engine number' }).fill('54321');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectVisible(page.getByText('Verified owner'));
    expect(cashfree.received.at(-1)?.body.vehicle_number).toBe('KL07OW1202');

    const searcher = await browserFor(await signUp(server, { name: 'Anitha Joseph' }));
    const card = await searchCard(searcher, 'KL07OW1202', 'Thomas Varghese');
    await expectVisible(card.getByText('Verified owner'));
  });
});
