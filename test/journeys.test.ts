/**
 * The user journeys of issue 3 ("Tests") in Debian's Chromium on the production build, against the
 * server `npm start` runs, driven through the screens' accessible names with the exact SPEC texts.
 * One server for the file; every user gets a browser context of their own.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddVehiclePayload, NotificationPayload } from '#common/api';
import { messageTemplates } from '#common/message-templates';
import { formatPhone } from '#common/phone-display';
import { textsFor } from '../server/i18n/texts';
import { addVehicle, nextPhone, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { APP_STATE, readStored } from './support/stored-state';
import { pwaTexts } from './support/texts';

const DISTRICT = 'Ernakulam';
const CITY = 'Kochi';

describeInBrowser('journeys', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];

  /** Signed up first, so that its sign-in in the last test can ask for a new code. */
  let returningUser: Account;

  beforeAll(async () => {
    // A one-second resend gap: the returning user's sign-in never waits for the default 30 s.
    server = await startAppServer({ CODE_RESEND_GAP_S: '1' });
    returningUser = await signUp(server, { name: 'Joseph Kurian' });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A fresh browser (profile and all) for one user; signed in when an account is given. */
  async function browserFor(account?: Account): Promise<Page> {
    const browser = await launchContext();
    opened.push(browser);
    const page = await browser.context.newPage();
    if (account) await storeToken(page, server, account);
    return page;
  }

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
  }

  function onPath(page: Page, pathname: string): Promise<void> {
    return page.waitForURL((url) => url.pathname === pathname);
  }

  function greeting(page: Page, name: string) {
    return page.getByRole('heading', { name: `Hello, ${name}` });
  }

  /** Types the code into the six boxes the way a person does: focus moves on by itself. */
  async function enterCode(page: Page, code: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'VERIFY CODE' }).click();
  }

  async function searchVehicle(page: Page, vehicleNumber: string): Promise<void> {
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill(vehicleNumber);
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
  }

  function resultCard(page: Page, ownerName: string) {
    return page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: ownerName });
  }

  /** An owner who chose to show their phone (at sign-up) and e-mail (in Settings): new accounts hide both. */
  async function ownerWithVehicle(name: string, vehicle: AddVehiclePayload) {
    const owner = await signUp(server, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.in`,
      phoneVisible: true,
    });
    const shown = await fetch(`${server.url}/api/users/updateProfile`, {
      method: 'PATCH',
      headers: owner.headers,
      body: JSON.stringify({ emailVisible: true }),
    });
    expect(shown.status).toBe(200);
    const added = await addVehicle(server, owner, vehicle);
    return { owner, vehicle: added };
  }

  /** Opens the bell's dropdown and returns it. */
  async function openBell(page: Page) {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.waitFor();
    return panel;
  }

  it('registering, then the code from the server log, lands on /dashboard greeting the user by name', async () => {
    const page = await browserFor();
    const phone = nextPhone();
    await open(page, '/registration');
    await page.getByRole('textbox', { name: 'Name' }).fill('Lakshmi Pillai');
    await page.getByRole('textbox', { name: 'Email' }).fill('lakshmi@example.in');
    await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    await page.getByLabel('Date of birth').fill('1992-08-23');
    await page.getByRole('combobox', { name: 'District' }).selectOption(DISTRICT);
    const city = page.getByRole('combobox', { name: 'City' });
    await expect
      .poll(() => city.isEnabled(), { timeout: 5_000, message: 'the cities are loaded' })
      .toBe(true);
    await city.selectOption(CITY);
    await page.getByRole('checkbox', { name: 'I have read how my data is used and I agree to it' }).check();
    const codesBefore = server.codeCount(phone);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await onPath(page, '/otp-verification');

    await enterCode(page, await server.waitForCode(phone, codesBefore));

    await onPath(page, '/dashboard');
    await expectVisible(greeting(page, 'Lakshmi Pillai'));
  });

  it('a vehicle added on /addVehicle shows on /myVehicle, can be renamed, and once deleted leaves No Vehicles Found', async () => {
    const page = await browserFor(await signUp(server, { name: 'Arun Das' }));
    await open(page, '/addVehicle');
    await page.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Two Wheeler' });
    await page.getByRole('textbox', { name: 'Vehicle name' }).fill('Blue Activa');
    await page.getByRole('textbox', { name: 'Registration number' }).fill('kl 07 ab 1234');
    await page.getByRole('button', { name: 'Save' }).click();

    await onPath(page, '/myVehicle');
    const item = page.getByRole('button', { name: /Blue Activa/ });
    await expectVisible(item);
    await expect(item.textContent()).resolves.toMatch(/Two Wheeler.*KL07AB1234/);

    await item.click();
    const editor = page.getByRole('dialog', { name: 'Edit Vehicles' });
    await expect(editor.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Blue Activa');
    await expect(editor.getByRole('textbox', { name: 'Number' }).inputValue()).resolves.toBe('kl07ab1234');
    await editor.getByRole('textbox', { name: 'Name' }).fill('Red Activa');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await expectVisible(page.getByRole('button', { name: /Red Activa/ }));

    await page.getByRole('button', { name: /Red Activa/ }).click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await editor.waitFor({ state: 'detached' });
    await expectVisible(page.getByRole('heading', { name: 'No Vehicles Found' }));
  });

  it('a modal is a native dialog: a toast shown in it sits above its backdrop and can be dismissed, and Escape closes it', async () => {
    const owner = await signUp(server, { name: 'Deepa Menon' });
    await addVehicle(server, owner, { name: 'Green Alto', vehicleNumber: 'KL11GH2468', vehicleType: 'Four' });
    const page = await browserFor(owner);
    await open(page, '/myVehicle');
    // Offline, the toast library comes from the service worker's precache, as on an installed app.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const item = page.getByRole('button', { name: /Green Alto/ });
    await item.click();
    const editor = page.getByRole('dialog', { name: 'Edit Vehicles' });
    await expect(editor.evaluate((dialog) => dialog.matches(':modal'))).resolves.toBe(true);
    await expect(
      editor.getByRole('textbox', { name: 'Name' }).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);

    await page.context().setOffline(true);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByRole('alert').filter({ hasText: pwaTexts('en')._('app.offline') });
    await expectVisible(toast);
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop).toBe(true);
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });

    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect(item.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  });

  it("a second user finds the owner's vehicle, sends a message and a notification, and the owner's bell shows both", async () => {
    const { owner, vehicle } = await ownerWithVehicle('Ravi Menon', {
      name: 'White Swift',
      vehicleNumber: 'KL08CD4321',
      vehicleType: 'Four',
    });
    const finder = await signUp(server, { name: 'Nisha Varghese', phoneVisible: true });
    const page = await browserFor(finder);
    await open(page, '/dashboard');
    await searchVehicle(page, 'kl 08 cd 4321');

    const card = resultCard(page, 'Ravi Menon');
    await expectVisible(card);
    const cardText = await card.textContent();
    for (const text of [
      'White Swift',
      'KL08CD4321',
      owner.user.email,
      `${DISTRICT}, ${CITY}`,
      formatPhone(owner.user.phone),
    ]) {
      expect(cardText).toContain(text);
    }
    await card.getByRole('link').click();
    await onPath(page, '/message');
    expect(new URL(page.url()).searchParams.get('id')).toBe(vehicle._id);

    const message = messageTemplates(textsFor('en'), vehicle.vehicleNumber)[0]!;
    await page.getByRole('button', { name: 'Send SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Notify User About Vehicle' });
    await modal.getByRole('button', { name: message }).click();
    const alerted = page.waitForEvent('dialog');
    await modal.getByRole('button', { name: 'Notify User' }).click();
    const alert = await alerted;
    expect(alert.message()).toBe(`Message sent: ${message}`);
    await alert.accept();
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send Notification' }).click();
    const notificationSent = page.waitForRequest('**/api/users/sendNotification');
    await modal.getByRole('button', { name: 'Notify User' }).click();
    const notification = (await notificationSent).postDataJSON() as NotificationPayload;
    await expectVisible(modal.getByText('Notification sent successfully.'));

    const ownerPage = await browserFor(owner);
    await open(ownerPage, '/dashboard');
    const panel = await openBell(ownerPage);
    // The random notification text may equal the message: each item is told apart by its title too.
    const messageItem = panel
      .getByRole('listitem')
      .filter({ hasText: message })
      .filter({ hasNotText: 'Vehicle Notification' });
    const notificationItem = panel
      .getByRole('listitem')
      .filter({ hasText: 'Vehicle Notification' })
      .filter({ hasText: notification.body });
    await expectVisible(messageItem);
    await expectVisible(notificationItem);
    await expectVisible(messageItem.getByText(`From: ${formatPhone(finder.user.phone)}`));
    await expectVisible(notificationItem.getByText(`From: ${formatPhone(finder.user.phone)}`));
  });

  it('once the owner hides the number in /settings, no result, screen or response shows it to others', async () => {
    const { owner } = await ownerWithVehicle('Sreeja Nair', {
      name: 'Grey Innova',
      vehicleNumber: 'KL09EF5678',
      vehicleType: 'Four',
    });
    const ownerPage = await browserFor(owner);
    await open(ownerPage, '/settings');
    const hideNumber = ownerPage.getByRole('switch', { name: 'Hide Number' });
    await expectVisible(hideNumber);
    expect(await hideNumber.isChecked()).toBe(false);
    const saved = ownerPage.waitForResponse('**/api/users/updateProfile');
    await hideNumber.click();
    expect((await saved).ok()).toBe(true);
    expect(await hideNumber.isChecked()).toBe(true);

    const page = await browserFor(await signUp(server, { name: 'Manoj Kumar' }));
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      // The live channel never ends; everything else the page asked the API for is read in full.
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/users/events') {
        bodies.push(response.text().catch(() => ''));
      }
    });
    await open(page, '/dashboard');
    const searched = page.waitForResponse('**/api/users/getVehicleOwner');
    await searchVehicle(page, 'KL09EF5678');
    await searched;
    const card = resultCard(page, 'Sreeja Nair');
    await expectVisible(card);
    expect(await card.textContent()).not.toContain(owner.user.phone);
    expect(await card.textContent()).not.toContain(formatPhone(owner.user.phone));

    await card.getByRole('link').click();
    await onPath(page, '/message');
    const eye = page.getByRole('button', { name: 'Show phone number' });
    await eye.click();
    await expect(eye.getAttribute('aria-pressed')).resolves.toBe('true');
    await expectVisible(page.getByText('This owner keeps their number private.'));
    await expect(page.getByTestId('owner-phone').textContent()).resolves.toBe('**********');
    await page.getByRole('button', { name: 'Call User' }).click();
    await expectVisible(page.getByText('The user has no public phone number.'));

    expect(await page.content()).not.toContain(owner.user.phone);
    expect(await page.content()).not.toContain(formatPhone(owner.user.phone));
    const received = await Promise.all(bodies);
    expect(received.some((body) => body.includes('Grey Innova'))).toBe(true);
    for (const body of received) expect(body).not.toContain(owner.user.phone);
  });

  it('a reload of /dashboard shows the stored user while the session check is still unanswered', async () => {
    const account = await signUp(server, { name: 'Fathima Beevi' });
    const page = await browserFor(account);
    await open(page, '/dashboard');
    await expectVisible(greeting(page, 'Fathima Beevi'));
    await waitUntil(
      async () => (await readStored<{ name: string }>(page, APP_STATE, 'user'))?.name === 'Fathima Beevi',
      10_000,
    );

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    let checkStarted!: (request: Request) => void;
    const started = new Promise<Request>((resolve) => (checkStarted = resolve));
    await page.route('**/api/users/validateUser', async (route) => {
      checkStarted(route.request());
      await released;
      answered = true;
      await route.continue();
    });
    try {
      await page.reload();
      await started;
      await expectVisible(greeting(page, 'Fathima Beevi'));
      expect(answered).toBe(false);
    } finally {
      release();
    }
  });

  describe('route access', () => {
    it('without a token /dashboard redirects to /login', async () => {
      const page = await browserFor();
      await open(page, '/dashboard');
      await onPath(page, '/login');
      await expectVisible(page.getByRole('button', { name: 'SEND VERIFICATION CODE' }));
    });

    it('with a token /login redirects to /dashboard', async () => {
      const page = await browserFor(await signUp(server, { name: 'Biju Mathew' }));
      await open(page, '/login');
      await onPath(page, '/dashboard');
      await expectVisible(greeting(page, 'Biju Mathew'));
    });

    it("an unknown path shows 'Page Not Found' with a 'Go Home' link to /", async () => {
      const page = await browserFor();
      await open(page, '/no-such-screen');
      await expectVisible(page.getByRole('heading', { name: 'Page Not Found' }));
      await expectVisible(page.getByText('Sorry, the page you are looking for does not exist.'));
      const home = page.getByRole('link', { name: 'Go Home' });
      await expect(home.getAttribute('href')).resolves.toBe('/');
      await home.click();
      await onPath(page, '/');
      await expectVisible(page.getByRole('button', { name: 'SEND VERIFICATION CODE' }));
    });
  });

  describe('validation toasts', () => {
    it("/login with 9 digits warns 'Invlaid number!'", async () => {
      const page = await browserFor();
      await open(page, '/login');
      await page.getByRole('textbox', { name: 'Mobile number' }).fill('984701234');
      await page.getByRole('button', { name: 'SEND VERIFICATION CODE' }).click();
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Invlaid number!' }));
      expect(new URL(page.url()).pathname).toBe('/login');
    });

    it("a dashboard search for 'ABC' says 'Invalid number!'", async () => {
      const page = await browserFor(await signUp(server, { name: 'Deepa Raj' }));
      await open(page, '/dashboard');
      await searchVehicle(page, 'ABC');
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Invalid number!' }));
    });
  });

  it('Logout in the sidebar ends the session, and signing in with a new code brings the dashboard back', async () => {
    const account = returningUser;
    const page = await browserFor(account);
    await open(page, '/dashboard');
    await expectVisible(greeting(page, 'Joseph Kurian'));

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('complementary', { name: 'Main menu' })
      .getByRole('link', { name: 'Logout' })
      .click();
    await onPath(page, '/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();

    await page.getByRole('textbox', { name: 'Mobile number' }).fill(account.user.phone);
    const codesBefore = server.codeCount(account.user.phone);
    await page.getByRole('button', { name: 'SEND VERIFICATION CODE' }).click();
    await onPath(page, '/otp-verification');
    await enterCode(page, await server.waitForCode(account.user.phone, codesBefore));

    await onPath(page, '/dashboard');
    await expectVisible(greeting(page, 'Joseph Kurian'));
  });
});
