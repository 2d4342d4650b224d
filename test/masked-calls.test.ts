/**
 * Masked calls in Chromium against the real server and a fake Exotel on 127.0.0.1: a caller rings an
 * owner whose number is hidden from the /message screen, a stranger with no app calls one from the
 * windscreen card's page, and an owner's quiet hours, set in Settings, refuse the call with the reason
 * in plain words.
 */
import type { Page } from 'playwright-core';
import type { Vehicle } from '#common/api';
import type { VehicleCard } from '#common/card-api';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { textsFor } from '../server/i18n/texts';
import { pwaTexts } from './support/texts';
import { formatPhone } from '#common/phone-display';
import { istMinutes } from '#common/quiet-hours';
import { startFakeExotel, type FakeExotel } from '../server/providers/telephony/testing/fake-exotel';
import { addVehicle, nextPhone, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const english = textsFor('en');

/** `HH:MM` of India's clock, `minutes` from now. */
function istTime(minutes: number): string {
  const wrapped = (istMinutes(new Date()) + minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

describeInBrowser('masked calls', () => {
  let exotel: FakeExotel;
  let server: AppServer;
  let opened: LaunchedContext[] = [];

  beforeAll(async () => {
    exotel = await startFakeExotel();
    server = await startAppServer(exotel.env);
  });

  beforeEach(() => {
    exotel.received.length = 0;
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
    await exotel?.close();
  });

  async function browserFor(account: Account): Promise<Page> {
    const browser = await launchContext();
    opened.push(browser);
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    return page;
  }

  async function hiddenOwnerWithCar(name: string, vehicleNumber: string): Promise<Account> {
    const owner = await signUp(server, { name });
    const response = await fetch(`${server.url}/api/users/updateProfile`, {
      method: 'PATCH',
      headers: owner.headers,
      body: JSON.stringify({ phoneVisible: false }),
    });
    expect(response.status).toBe(200);
    await addVehicle(server, owner, { name: 'Silver Baleno', vehicleNumber, vehicleType: 'Four' });
    return owner;
  }

  /** Searches the number from the dashboard and opens Call User on the owner's /message screen. */
  async function openCallUser(page: Page, vehicleNumber: string, ownerName: string) {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(vehicleNumber);
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    const card = page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: ownerName });
    await expectVisible(card);
    await card.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/message');
    await page.getByRole('button', { name: 'Call User' }).click();
    return page.getByRole('dialog', { name: 'Notify User About Vehicle' });
  }

  it('a caller rings a hidden owner through the fake Exotel and sees that the call is being placed', async () => {
    const owner = await hiddenOwnerWithCar('Meera Krishnan', 'KL10MC1001');
    const caller = await signUp(server, { name: 'Tomy Joseph' });
    const page = await browserFor(caller);

    const dialog = await openCallUser(page, 'KL10MC1001', 'Meera Krishnan');
    await expectVisible(dialog.getByText(pwaTexts('en')._('contact.maskedCallHowItWorks')));
    await dialog.getByRole('button', { name: 'Call through Vahan Contact' }).click();
    await expectVisible(dialog.getByRole('status').getByText(english._('server.calls.placed')));

    expect(exotel.received).toHaveLength(1);
    expect(exotel.received[0]?.form.get('From')).toBe(`+91${caller.user.phone}`);
    expect(exotel.received[0]?.form.get('To')).toBe(`+91${owner.user.phone}`);
    expect(await page.content()).not.toContain(owner.user.phone);
    expect(await page.content()).not.toContain(formatPhone(owner.user.phone));
  });

  it('a stranger with no app calls a hidden owner from the windscreen card: a code to their phone, then the call', async () => {
    const owner = await hiddenOwnerWithCar('Latha Menon', 'KL10MC1003');
    const [vehicle] = (await (
      await fetch(`${server.url}/api/users/getMyVehicles`, { headers: owner.headers })
    ).json()) as Vehicle[];
    const made = await fetch(`${server.url}/api/users/vehicleCard`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ vehicleId: vehicle?._id }),
    });
    const card = (await made.json()) as VehicleCard;
    const browser = await launchContext();
    opened.push(browser);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}${new URL(card.url).pathname}`);

    const stranger = nextPhone();
    const codesBefore = server.codeCount(stranger);
    await page.getByLabel(english._('cardPage.yourPhone')).fill(stranger);
    await page.getByRole('button', { name: english._('cardPage.sendCode') }).click();
    const code = await server.waitForCode(stranger, codesBefore);
    await page.getByLabel(english._('cardPage.codeLabel')).fill(code);
    await page.getByRole('button', { name: english._('cardPage.callNow') }).click();
    await expectVisible(page.getByRole('heading', { name: english._('cardPage.callPlacedTitle') }));

    expect(exotel.received).toHaveLength(1);
    expect(exotel.received[0]?.form.get('From')).toBe(`+91${stranger}`);
    expect(exotel.received[0]?.form.get('To')).toBe(`+91${owner.user.phone}`);
    expect(await page.content()).not.toContain(owner.user.phone);
    expect(await page.content()).not.toContain(formatPhone(owner.user.phone));
  });

  it("an owner's quiet hours, set in Settings, refuse the call with the reason in plain words", async () => {
    const owner = await hiddenOwnerWithCar('Anil Kumar', 'KL10MC1002');
    const ownerPage = await browserFor(owner);
    await ownerPage.goto(`${server.url}/settings`);
    const switchedOn = ownerPage.waitForResponse('**/api/users/updateProfile');
    await ownerPage.getByRole('switch', { name: 'Quiet hours' }).click();
    await switchedOn;
    const [start, end] = [istTime(-60), istTime(60)];
    await ownerPage.getByLabel('From (IST)').fill(start);
    await ownerPage.getByLabel('Until (IST)').fill(end);
    const saved = ownerPage.waitForResponse('**/api/users/updateProfile');
    await ownerPage.getByRole('button', { name: 'Save quiet hours' }).click();
    expect((await saved).status()).toBe(200);

    const caller = await signUp(server, { name: 'Sajan Paul' });
    const page = await browserFor(caller);
    const dialog = await openCallUser(page, 'KL10MC1002', 'Anil Kumar');
    await expectVisible(dialog.getByText(english._('server.calls.quietHours')));
    expect(await dialog.getByRole('button', { name: 'Call through Vahan Contact' }).count()).toBe(0);
    expect(exotel.received).toHaveLength(0);
  });
});
