/**
 * Controls that do what they say, in Debian's Chromium on the production build at a 360 px phone's
 * width, in English and in Malayalam: TRAFFIC UPDATES opens the person's updates, How It Works counts
 * the real residents, "Add my location" gets a place (and says so when the phone refuses), the four
 * action sheets say what they do, the home search opens empty with the last results one tap away,
 * the windscreen card asks before replacing, pauses until a time with Resume and copies its link, the
 * quiet-hours "Call now" looks disabled, and the slips screen prints first with the plate carried
 * over. Screenshots of the changed screens go to test-results/screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { MessagePayload, RuntimeConfig, Vehicle } from '#common/api';
import type { Language } from '#common/languages';
import { replyLabel } from '#common/replies';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { search } from './support/search';
import { pwaTexts } from './support/texts';

const SCREENSHOTS = path.resolve('test-results/screens');
const LOCALES: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };
const LANGUAGES: Language[] = ['en', 'ml'];
/** Kochi, where the sender stands. */
const KOCHI = { latitude: 9.9679, longitude: 76.2834 };

describeInBrowser('controls that do what they say', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];
  let plateCounter = 0;

  beforeAll(async () => {
    server = await startAppServer();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A phone in `language`, 360 px wide, signed in as `account`; `allowed` are the permissions it grants. */
  async function phoneIn(language: Language, account: Account, allowed: string[] = []): Promise<Page> {
    const browser = await launchContext({ locale: LOCALES[language] });
    opened.push(browser);
    await browser.context.grantPermissions(allowed, { origin: server.url });
    await browser.context.setGeolocation(KOCHI);
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    return page;
  }

  const open = (page: Page, route: string) => page.goto(`${server.url}${route}`);
  const screenshot = (page: Page, language: Language, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `controls-${language}-${name}.png`), fullPage: true });

  async function ownerWithVehicle(language: Language): Promise<{ owner: Account; vehicle: Vehicle }> {
    const owner = await signUp(server, { name: 'Rahul Nair', language });
    plateCounter += 1;
    const vehicle = await addVehicle(server, owner, {
      name: 'White Swift',
      vehicleNumber: `KL 07 CT ${String(plateCounter).padStart(4, '0')}`,
    });
    return { owner, vehicle };
  }

  async function api<T>(account: Account, route: string, body: unknown): Promise<T> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: account.headers,
      body: JSON.stringify(body),
    });
    expect(response.ok, `${route}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  for (const language of LANGUAGES) {
    const t = pwaTexts(language);

    it(`${language}: TRAFFIC UPDATES opens the requests received with their answers, and How It Works counts the real residents`, async () => {
      const { owner, vehicle } = await ownerWithVehicle(language);
      const sender = await signUp(server, { name: 'Anu Thomas', language });
      const message: MessagePayload = {
        userId: owner.user._id,
        vehicleId: vehicle._id,
        message: 'Your car is blocking my gate',
      };
      await api(sender, '/api/users/sendMessage', message);

      const page = await phoneIn(language, owner);
      await open(page, '/dashboard');
      const config = (await (await fetch(`${server.url}/api/config`)).json()) as RuntimeConfig;
      expect(config.activeUsers).toBeGreaterThanOrEqual(2);
      const count = new Intl.NumberFormat('en-IN').format(config.activeUsers);
      await expectVisible(page.getByText(t._('home.activeUsers', { count })));
      await expect.poll(() => page.getByText(/1,234/).count()).toBe(0);

      await page.getByRole('button', { name: t._('search.trafficUpdates') }).click();
      const updates = page.getByRole('region', { name: t._('updates.title') });
      await expectVisible(updates);
      const received = updates.getByRole('listitem').filter({ hasText: 'Your car is blocking my gate' });
      await expectVisible(received.getByText(t._('updates.received')));
      await expectVisible(received.getByText(t._('updates.notAnswered')));
      await screenshot(page, language, 'traffic-updates');
      await updates.getByRole('button', { name: t._('search.back') }).click();
      await expectVisible(page.getByRole('button', { name: t._('search.submit') }));
    });

    it(`${language}: a request arriving while the app is open shows a banner with its answers; the bell keeps the answer after a reload (false alarms: test/refusals-undo-and-activity.test.ts)`, async () => {
      const { owner, vehicle } = await ownerWithVehicle(language);
      const sender = await signUp(server, { name: 'Anu Thomas', language });
      const page = await phoneIn(language, owner);
      // A request sent once the live channel answered arrives while the app is open.
      const liveChannel = page.waitForResponse((response) => response.url().includes('/api/users/events'));
      await open(page, '/dashboard');
      await liveChannel;
      const send = (message: string) =>
        api(sender, '/api/users/sendMessage', { userId: owner.user._id, vehicleId: vehicle._id, message });
      await send('Your car is blocking my gate');
      const banner = page.getByRole('alert', { name: t._('notifications.newRequest') });
      await expectVisible(banner.getByText('Your car is blocking my gate'));
      await screenshot(page, language, 'new-request-banner');
      await banner.getByRole('button', { name: replyLabel(t, 'coming_now') }).click();
      const answered = t._('notifications.answered', { label: replyLabel(t, 'coming_now') });
      await expectVisible(banner.getByText(answered));

      await page.reload();
      const bell = page.getByRole('button', { name: new RegExp(`^${t._('notifications.title')}`) });
      await expectVisible(bell);
      await expect.poll(() => bell.getAttribute('aria-label')).toBe(t._('notifications.title'));
      await bell.click();
      const panel = page.getByRole('region', { name: t._('notifications.title') });
      const item = panel.getByRole('listitem').filter({ hasText: 'Your car is blocking my gate' });
      await expectVisible(item.getByText(answered));
    });

    it(`${language}: the action sheets say what they do, Add my location sends a place or says the phone refused, and the home search opens empty`, async () => {
      const { vehicle } = await ownerWithVehicle(language);
      const sender = await signUp(server, { name: 'Anu Thomas', language });
      const page = await phoneIn(language, sender, ['geolocation']);
      await open(page, '/dashboard');
      await search(page, language, vehicle.vehicleNumber);
      await page
        .getByRole('region', { name: t._('search.resultsTitle') })
        .getByRole('link', { name: /White Swift/ })
        .click();
      await page.waitForURL((url) => url.pathname === '/message');

      const sheets: [label: string, what: string][] = [
        ['contact.sendSms', 'contact.sendSmsWhat'],
        ['contact.sendNotification', 'contact.sendNotificationWhat'],
        ['contact.callUser', 'contact.callUserWhat'],
        ['contact.sendImage', 'contact.sendImageWhat'],
      ];
      for (const [label, what] of sheets) {
        await page.getByRole('button', { name: t._(label), exact: true }).click();
        const sheet = page.getByRole('dialog', { name: t._('contact.modalTitle') });
        await expectVisible(sheet.getByText(t._(what)));
        if (label === 'contact.sendSms') await screenshot(page, language, 'send-sms-sheet');
        if (label !== 'contact.sendImage') await page.keyboard.press('Escape');
      }

      // The site's own Permissions-Policy lets the page ask: the phone that allows it gives a place.
      const place = await page.evaluate(
        () =>
          new Promise<number | string>((resolve) =>
            navigator.geolocation.getCurrentPosition(
              (position) => resolve(position.coords.latitude),
              (error) => resolve(error.message),
            ),
          ),
      );
      expect(place).toBe(KOCHI.latitude);
      const sheet = page.getByRole('dialog', { name: t._('contact.modalTitle') });
      const box = sheet.getByRole('checkbox', { name: t._('contact.photoLocation') });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
      expect(await sheet.getByText(t._('contact.photoLocationRefused')).count()).toBe(0);

      // A phone that refuses: the sender is told, and the box unticks.
      await page.context().clearPermissions();
      await box.click();
      await box.click();
      await expectVisible(sheet.getByText(t._('contact.photoLocationRefused')));
      expect(await box.isChecked()).toBe(false);
      await screenshot(page, language, 'location-refused');
      await page.keyboard.press('Escape');

      await open(page, '/dashboard');
      const input = page.getByRole('textbox', { name: t._('search.numberLabel') });
      await expectVisible(input);
      expect(await input.inputValue()).toBe('');
      await expect.poll(() => page.getByRole('region', { name: t._('search.resultsTitle') }).count()).toBe(0);
      await page
        .getByRole('button', {
          name: t._('search.lastResults', { vehicleNumber: vehicle.vehicleNumber.toUpperCase() }),
        })
        .click();
      await expectVisible(page.getByRole('region', { name: t._('search.resultsTitle') }));
    });

    it(`${language}: the windscreen card asks before replacing, pauses until a time with Resume, and copies its link`, async () => {
      const { owner } = await ownerWithVehicle(language);
      const page = await phoneIn(language, owner, ['clipboard-read', 'clipboard-write']);
      await open(page, '/myVehicle');
      await page
        .getByRole('button', { name: t._('cards.open') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: t._('cards.title') });
      const firstUrl = await dialog.locator('.windscreen-card-url').first().textContent();

      await dialog.getByRole('button', { name: t._('cards.rotate') }).click();
      await expectVisible(dialog.getByText(t._('cards.rotateWarning')));
      await screenshot(page, language, 'card-replace-asks');
      await dialog.getByRole('button', { name: t._('cards.cancel') }).click();
      expect(await dialog.locator('.windscreen-card-url').first().textContent()).toBe(firstUrl);

      await dialog.getByRole('button', { name: t._('cards.pause') }).click();
      const paused = dialog.locator('.windscreen-card-paused');
      await expectVisible(paused);
      await screenshot(page, language, 'card-paused');
      await dialog.getByRole('button', { name: t._('cards.resume') }).click();
      await expect.poll(() => paused.count()).toBe(0);
      await expectVisible(dialog.getByRole('button', { name: t._('cards.pause') }));

      await dialog.getByRole('button', { name: t._('cards.share') }).click();
      await expectVisible(page.getByText(t._('cards.linkCopied')).first());
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/\/c\/[\w-]+$/);
    });
  }

  it('the quiet-hours "Call now" looks disabled, and the slips screen prints first with the plate just searched', async () => {
    const owner = await signUp(server, { name: 'Rahul Nair', phoneVisible: false });
    const vehicle = await addVehicle(server, owner, { name: 'White Swift', vehicleNumber: 'KL 07 CT 9001' });
    const sender = await signUp(server, { name: 'Anu Thomas' });
    const t = pwaTexts('en');
    const page = await phoneIn('en', sender);
    await open(page, '/dashboard');
    await search(page, 'en', vehicle.vehicleNumber);
    await page.getByRole('link', { name: /White Swift/ }).click();
    await page.getByRole('button', { name: t._('contact.callUser'), exact: true }).click();
    const callNow = page.getByRole('button', { name: t._('contact.callNow') });
    await expectVisible(callNow);
    expect(await callNow.getAttribute('aria-disabled')).toBe('true');
    expect(await callNow.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.55');
    await page.keyboard.press('Escape');

    await open(page, '/dashboard');
    await search(page, 'en', 'KL 07 CT 9999');
    await page.getByRole('link', { name: t._('waitingNotes.slipLink') }).click();
    await page.waitForURL((url) => url.pathname === '/slips');
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.slice(0, 2)).toEqual([t._('slips.printTitle'), t._('slips.attachTitle')]);
    expect(await page.getByLabel(t._('vehicles.numberLabel')).inputValue()).toMatch(/^kl07ct9999$/i);
    await screenshot(page, 'en', 'slips');
  });
});
