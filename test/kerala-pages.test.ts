/**
 * Malayalam, Kerala and the pages for strangers, in Debian's Chromium on the production build at a
 * 360 px phone's width, in English and in Malayalam: the windscreen card's page, its status page and
 * the wiper slip's page in the app's colours, with every control at least 44 by 44 px, the card page
 * saying why it asks for the plate's digits and remembering the language picked, the status page
 * saying what was sent and when; the bell's answer chips, the Settings inputs and the sticker sheet
 * (a phone's width, and one A4 page in print); sign-up's districts and towns in the app's language,
 * with more towns and Other; the wiper-slip sheet's Malayalam in the card's fonts. Screenshots go to
 * test-results/screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import type { VehicleCard } from '#common/card-api';
import type { CreatedSlips } from '#common/slips-api';
import type { Language } from '#common/languages';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { smallControls, textOverflows } from './support/layout-checks';
import { expectVisible } from './support/page-checks';
import { pwaTexts } from './support/texts';
import { textsFor } from '../server/i18n/texts';
import { drawnRuns, fontNamesOf } from '../server/testing/pdf-text';

const SCREENSHOTS = path.resolve('test-results/screens');
const LOCALES: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };
const LANGUAGES: Language[] = ['en', 'ml'];
/** The app's accent (src/styles.css `--accent`), as the browser computes it. */
const ACCENT = 'rgb(15, 118, 110)';
/** A4 inside the sticker sheet's 10 mm print margins, in CSS pixels (96 a inch). */
const A4_INSIDE_MARGINS = { width: Math.floor((190 / 25.4) * 96), height: Math.floor((277 / 25.4) * 96) };

describeInBrowser('Malayalam, Kerala and the pages for strangers', () => {
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

  async function phoneIn(language: Language, account?: Account): Promise<Page> {
    const browser = await launchContext({ locale: LOCALES[language] });
    opened.push(browser);
    const page = await browser.context.newPage();
    if (account) await storeToken(page, server, account);
    return page;
  }

  const screenshot = (page: Page, language: Language, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `kerala-pages-${language}-${name}.png`), fullPage: true });

  const post = async <T>(route: string, body: object, headers: Record<string, string>): Promise<T> => {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status, `${route}: ${response.status}`).toBeLessThan(300);
    return (await response.json()) as T;
  };

  async function ownerWithCard(
    language: Language,
  ): Promise<{ owner: Account; vehicle: Vehicle; card: VehicleCard }> {
    const owner = await signUp(server, { name: 'Devi Menon', language });
    plateCounter += 1;
    const vehicle = await addVehicle(server, owner, {
      name: 'Red Swift',
      vehicleNumber: `KL 07 PK ${String(plateCounter).padStart(4, '0')}`,
    });
    const card = await post<VehicleCard>('/api/users/vehicleCard', { vehicleId: vehicle._id }, owner.headers);
    return { owner, vehicle, card };
  }

  const backgroundOf = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);

  it("the wiper-slip sheet sets its Malayalam in the windscreen card's fonts, no glyph missing", async () => {
    const maker = await signUp(server, { name: 'Anu Thomas', language: 'ml' });
    await post('/api/users/slips', { count: 2 }, maker.headers);
    const response = await fetch(`${server.url}/api/users/slips.pdf`, { headers: maker.headers });
    const sheet = Buffer.from(await response.arrayBuffer());
    expect(await fontNamesOf(sheet)).toEqual(['NotoSansMalayalam-Bold', 'NotoSansMalayalam-Regular']);
    const runs = await drawnRuns(sheet);
    expect(runs.filter((run) => run.missingGlyphs > 0)).toEqual([]);
    expect(runs.some((run) => /[\u0D00-\u0D7F]/.test(run.text))).toBe(true);
  });

  for (const language of LANGUAGES) {
    const t = pwaTexts(language);
    const pages = textsFor(language);
    const other: Language = language === 'en' ? 'ml' : 'en';

    it(`${language}: the card page is in the app's colours, explains the plate's digits, has 44 px controls, and its status page says what was sent and when`, async () => {
      const { vehicle, card } = await ownerWithCard(language);
      const page = await phoneIn(language);
      await page.goto(card.url);
      await expectVisible(page.getByRole('heading', { name: pages._('cardPage.title') }));
      const plateBox = page.getByRole('textbox', { name: pages._('cardPage.plateLast4') });
      await expect.poll(() => plateBox.getAttribute('aria-describedby')).toBe('plateWhy');
      await expectVisible(page.getByText(pages._('cardPage.plateWhy')));
      expect(await backgroundOf(page, 'button[type=submit]')).toBe(ACCENT);
      expect(await smallControls(page)).toEqual([]);
      expect(await textOverflows(page)).toEqual([]);
      await screenshot(page, language, 'card');

      await plateBox.fill(vehicle.vehicleNumber.slice(-4));
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: pages._('cardPage.send') }).click();
      await page.waitForURL(/\/sent\//);
      await expectVisible(page.getByRole('heading', { name: pages._('cardPage.sentTitle') }));
      await expectVisible(page.getByText(pages._('cardPage.youSent')));
      const sentAt = new RegExp(`^${pages._('cardPage.sentAt', { when: '' })}.*\\d`);
      await expectVisible(page.getByText(sentAt));
      expect(await smallControls(page)).toEqual([]);
      expect(await textOverflows(page)).toEqual([]);
      await screenshot(page, language, 'card-status');
    });

    it(`${language}: a language picked on a card page is the language of the next card opened`, async () => {
      const first = await ownerWithCard(language);
      const second = await ownerWithCard(language);
      const page = await phoneIn(language);
      await page.goto(first.card.url);
      await page.locator(`nav a[lang="${other}"]`).click();
      await page.waitForURL(/lang=/);
      expect(await page.getAttribute('html', 'lang')).toBe(other);
      await page.goto(second.card.url);
      expect(await page.getAttribute('html', 'lang')).toBe(other);
      expect(await smallControls(page, 'header')).toEqual([]);
    });

    it(`${language}: the wiper slip's page is in the app's colours with 44 px controls`, async () => {
      const maker = await signUp(server, { name: 'Anu Thomas', language });
      const { slips } = await post<CreatedSlips>('/api/users/slips', { count: 1 }, maker.headers);
      const code = slips[0]?.code ?? '';
      await post(
        `/api/users/slips/${code}/attach`,
        { vehicleNumber: 'KL07PS0001', templateKey: 'blocking' },
        maker.headers,
      );
      const page = await phoneIn(language);
      await page.goto(`${server.url}/s/${code}`);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await backgroundOf(page, 'form button')).toBe(ACCENT);
      expect(await smallControls(page)).toEqual([]);
      expect(await textOverflows(page)).toEqual([]);
      await screenshot(page, language, 'slip');
      await page.locator('form button').first().click();
      await page.waitForURL(/lang=/);
      expect(await smallControls(page)).toEqual([]);
      await screenshot(page, language, 'slip-answered');
    });

    it(`${language}: the bell's answer chips and the Settings inputs are at least 44 px`, async () => {
      const { owner, vehicle, card } = await ownerWithCard(language);
      const code = new URL(card.url).pathname.split('/').at(-1) ?? '';
      await post(
        `/api/public/cards/${code}/requests`,
        { plateLast4: vehicle.vehicleNumber.slice(-4), templateKey: 'blocking' },
        {},
      );
      const page = await phoneIn(language, owner);
      await page.goto(`${server.url}/settings`);
      await expectVisible(page.getByRole('textbox', { name: t._('registration.name') }));
      await page.getByRole('switch', { name: t._('settings.quietHours') }).click();
      await expectVisible(page.getByLabel(t._('settings.quietFrom')));
      expect(await smallControls(page, '.profile-details')).toEqual([]);
      expect(await smallControls(page, '.quiet-hours')).toEqual([]);
      await screenshot(page, language, 'settings');

      await page.getByRole('button', { name: new RegExp(`^${t._('notifications.title')}`) }).click();
      const chips = page.locator('.bell-reply');
      await expectVisible(chips.first());
      expect(await chips.count()).toBeGreaterThan(0);
      expect(await smallControls(page, '.bell-replies')).toEqual([]);
      await screenshot(page, language, 'bell');
    });

    it(`${language}: sign-up shows the districts and towns in the app's language, more towns and Other`, async () => {
      const page = await phoneIn(language);
      await page.goto(`${server.url}/registration`);
      const district = page.locator('select[name="district"]');
      await district.selectOption('Ernakulam');
      expect(await district.locator('option:checked').textContent()).toBe(
        language === 'ml' ? 'എറണാകുളം' : 'Ernakulam',
      );
      const city = page.locator('select[name="city"]');
      await expect.poll(() => city.isEnabled()).toBe(true);
      const towns = await city
        .locator('option')
        .evaluateAll((options) =>
          options
            .slice(1)
            .map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent })),
        );
      expect(towns.length).toBeGreaterThan(4);
      expect(towns.at(-1)).toEqual({ value: 'Other', label: language === 'ml' ? 'മറ്റൊരു സ്ഥലം' : 'Other' });
      expect(towns).toContainEqual({ value: 'Kochi', label: language === 'ml' ? 'കൊച്ചി' : 'Kochi' });
      await city.selectOption('Other');
      await screenshot(page, language, 'registration-towns');
    });

    it(`${language}: the sticker sheet fits a phone's width, and one A4 page in print`, async () => {
      const { owner } = await ownerWithCard(language);
      const page = await phoneIn(language, owner);
      await page.addInitScript(() => {
        window.print = () => undefined;
      });
      await page.goto(`${server.url}/myVehicle`);
      await page.getByRole('button', { name: t._('cards.open') }).click();
      await page.getByRole('button', { name: t._('cards.printStickers') }).click();
      const stickers = page.locator('.windscreen-card-stickers .windscreen-card');
      await expect.poll(() => stickers.count()).toBe(8);
      await stickers
        .last()
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.decode());
      expect(await textOverflows(page)).toEqual([]);
      await screenshot(page, language, 'stickers');

      await page.setViewportSize(A4_INSIDE_MARGINS);
      await page.emulateMedia({ media: 'print' });
      const extent = await stickers.evaluateAll((cards) => ({
        right: Math.max(...cards.map((card) => card.getBoundingClientRect().right)),
        bottom: Math.max(...cards.map((card) => card.getBoundingClientRect().bottom)),
      }));
      expect(extent.right).toBeLessThanOrEqual(A4_INSIDE_MARGINS.width);
      expect(extent.bottom).toBeLessThanOrEqual(A4_INSIDE_MARGINS.height);
    });
  }
});
