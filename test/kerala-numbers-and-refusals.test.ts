/**
 * Numbers typed the Kerala way and refusals that say why, in Debian's Chromium on the production
 * build at a 360 px phone's width, in English and in Malayalam: a phone typed key by key as
 * "+91 98470 12345", Bharat-series and one-digit-office plates, the code screen (focus, a wrong code
 * cleared, the RESEND CODE countdown, change number), sign-in and sign-up refused with the reason and
 * the other screen's link, sign-up's wrong fields marked, and a send refused for a limit or because
 * the owner is gone. Screenshots of the changed screens go to test-results/screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import type { Language } from '#common/languages';
import { addVehicle, nextPhone, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { search } from './support/search';
import { pwaTexts } from './support/texts';

const SCREENSHOTS = path.resolve('test-results/screens');
const LOCALES: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };
const LANGUAGES: Language[] = ['en', 'ml'];
const RESEND_GAP_S = 5;

/** A phone number as people write it: "+91 98470 12345". */
const writtenTheKeralaWay = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;

describeInBrowser('Kerala numbers and refusals', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];
  let plateCounter = 0;

  beforeAll(async () => {
    // One send per owner and sender in ten minutes: the second is refused for the limit.
    server = await startAppServer({
      CODE_RESEND_GAP_S: String(RESEND_GAP_S),
      SENDS_PER_PAIR_10_MINUTES: '1',
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A phone whose browser prefers `language`, 360 px wide; signed in when an account is given. */
  async function phoneIn(language: Language, account?: Account): Promise<Page> {
    const browser = await launchContext({ locale: LOCALES[language] });
    opened.push(browser);
    const page = await browser.context.newPage();
    if (account) await storeToken(page, server, account);
    return page;
  }

  const open = (page: Page, route: string) => page.goto(`${server.url}${route}`);
  const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
  const screenshot = (page: Page, language: Language, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `kerala-${language}-${name}.png`), fullPage: true });

  /** An owner who shows their phone, with a vehicle under a plate of its own. */
  async function ownerWithVehicle(vehicleNumber?: string): Promise<{ owner: Account; vehicle: Vehicle }> {
    const owner = await signUp(server, { name: 'Rahul Nair', phoneVisible: true });
    plateCounter += 1;
    const vehicle = await addVehicle(server, owner, {
      name: 'White Swift',
      vehicleNumber: vehicleNumber ?? `KL 11 KN ${String(plateCounter).padStart(4, '0')}`,
    });
    return { owner, vehicle };
  }

  for (const language of LANGUAGES) {
    const t = pwaTexts(language);

    it(`${language}: a number typed key by key as "+91 98470 12345" gets the code, and the code screen helps`, async () => {
      const account = await signUp(server, { name: 'Anu Thomas' });
      const phone = account.user.phone;
      const page = await phoneIn(language);
      await open(page, '/login');
      const box = page.getByRole('textbox', { name: t._('login.phoneLabel') });
      await box.click();
      await page.keyboard.type(writtenTheKeralaWay(phone), { delay: 20 });
      expect(await box.inputValue()).toBe(writtenTheKeralaWay(phone));
      // The sign-up's code was sent moments ago: the sign-in is answered once the resend gap is over.
      const codesBefore = server.codeCount(phone);
      const send = page.getByRole('button', { name: t._('login.submit') });
      await expect
        .poll(
          async () => {
            if (!page.url().includes('/otp-verification'))
              await send.click({ timeout: 2000 }).catch(() => undefined);
            return page.url();
          },
          { timeout: (RESEND_GAP_S + 10) * 1000, interval: 1000 },
        )
        .toContain('/otp-verification');
      const code = await server.waitForCode(phone, codesBefore);

      await expectVisible(page.getByText(writtenTheKeralaWay(phone), { exact: false }));
      const first = page.getByRole('textbox', { name: t._('otp.digitLabel', { position: 1, count: 6 }) });
      await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
      const countdown = page.getByRole('button', {
        name: new RegExp(`^${t._('otp.resend')}.*\\d`),
      });
      await expectVisible(countdown);
      expect(await countdown.isDisabled()).toBe(true);
      await screenshot(page, language, 'code-screen');

      const wrong = code === '000000' ? '111111' : '000000';
      await page.keyboard.type(wrong);
      await page.getByRole('button', { name: t._('otp.verify') }).click();
      await expectVisible(page.getByText(t._('toast.invalidOtp')));
      await expect.poll(() => first.inputValue()).toBe('');
      await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.getByRole('link', { name: t._('otp.changeNumber') }).click();
      await onPath(page, '/login');
      expect(await page.getByRole('textbox', { name: t._('login.phoneLabel') }).inputValue()).toBe(phone);
    });

    it(`${language}: signing in with a number that has no account says why, with the way to sign up`, async () => {
      const page = await phoneIn(language);
      await open(page, '/login');
      const phone = nextPhone();
      await page.getByRole('textbox', { name: t._('login.phoneLabel') }).fill(`0${phone}`);
      await page.getByRole('button', { name: t._('login.submit') }).click();
      await expectVisible(page.getByText(t._('toast.loginFailed')));
      const reason = page.locator('.auth-refusal');
      await expectVisible(reason);
      await screenshot(page, language, 'login-no-account');
      await reason.getByRole('link', { name: t._('login.signUp') }).click();
      await onPath(page, '/registration');
      // The sign-in screen stays until the sign-up screen's chunk (and, in Malayalam, its texts) arrive.
      await expectVisible(page.getByRole('button', { name: t._('registration.submit') }));
      expect(await page.locator('input[name="phone"]').inputValue()).toBe(phone);
    });

    it(`${language}: an empty sign-up keeps its toast, marks each wrong field and focuses the first`, async () => {
      const page = await phoneIn(language);
      await open(page, '/registration');
      const phoneBox = page.locator('input[name="phone"]');
      await expectVisible(phoneBox);
      expect(await phoneBox.getAttribute('aria-invalid')).toBeNull();
      expect(await page.locator('.field-error').count()).toBe(0);
      await page.getByRole('button', { name: t._('registration.submit') }).click();
      await expectVisible(page.getByText(t._('toast.invalidFields')));
      const name = page.locator('input[name="name"]');
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await phoneBox.getAttribute('aria-invalid')).toBe('true');
      await expectVisible(page.getByText(t._('registration.phoneHint')));
      await screenshot(page, language, 'registration-marked');
    });

    it(`${language}: signing up with a number that has an account says why, with the way to sign in`, async () => {
      const account = await signUp(server, { name: 'Meera Das' });
      const page = await phoneIn(language);
      await open(page, '/registration');
      await page.locator('input[name="name"]').fill('Meera Das');
      await page.locator('input[name="email"]').fill('meera@example.in');
      await page.locator('input[name="phone"]').fill(writtenTheKeralaWay(account.user.phone));
      await page.locator('select[name="gender"]').selectOption('Female');
      await page.locator('input[name="dateOfBirth"]').fill('1990-04-12');
      await page.locator('select[name="district"]').selectOption('Ernakulam');
      const city = page.locator('select[name="city"]');
      await expect.poll(() => city.isEnabled()).toBe(true);
      await city.selectOption('Kochi');
      await page.locator('input[name="consent"]').check();
      await page.getByRole('button', { name: t._('registration.submit') }).click();
      await expectVisible(page.getByText(t._('toast.registrationFailed')));
      const reason = page.locator('.auth-refusal');
      await expectVisible(reason);
      await screenshot(page, language, 'registration-has-account');
      await reason.getByRole('link', { name: t._('registration.login') }).click();
      await onPath(page, '/login');
    });

    it(`${language}: Bharat-series and one-digit-office plates are found; a wrong plate says the form expected`, async () => {
      const bharatTyped = language === 'en' ? '22 BH 1234 AA' : '23 BH 1234 AB';
      const keralaTyped = language === 'en' ? 'KL 7 BQ 4521' : 'KL 7 BQ 4522';
      await ownerWithVehicle(bharatTyped);
      await ownerWithVehicle(keralaTyped);
      const finder = await signUp(server, { name: 'Joseph Kurian', language });
      const page = await phoneIn(language, finder);
      await open(page, '/vehicleSearch');
      await search(page, language, bharatTyped);
      await expectVisible(page.getByRole('listitem').filter({ hasText: '+91' }).first());
      await page
        .getByRole('button', { name: t._('search.back') })
        .first()
        .click();
      await search(page, language, keralaTyped);
      await expectVisible(page.getByRole('listitem').filter({ hasText: 'KL 07 BQ' }).first());
      await page
        .getByRole('button', { name: t._('search.back') })
        .first()
        .click();
      await search(page, language, 'KL 07 ABC 12');
      await expectVisible(page.getByText(t._('vehicles.plateForms')));
      await screenshot(page, language, 'search-plate-form');
    });

    it(`${language}: a send refused for a limit says when to try again and offers the call; a gone owner sends the person back to search`, async () => {
      const { owner, vehicle } = await ownerWithVehicle();
      const sender = await signUp(server, { name: 'Joseph Kurian', language });
      const page = await phoneIn(language, sender);
      page.on('dialog', (dialog) => void dialog.accept());
      await open(page, '/vehicleSearch');
      await search(page, language, vehicle.vehicleNumber);
      await page.getByRole('listitem').filter({ hasText: 'Rahul Nair' }).getByRole('link').click();
      await onPath(page, '/message');

      await page.getByRole('button', { name: t._('contact.sendNotification') }).click();
      const modal = page.getByRole('dialog', { name: t._('contact.modalTitle') });
      await modal.getByRole('button', { name: t._('contact.notifyUser') }).click();
      await expectVisible(modal.getByText(t._('contact.notificationSent')));
      await modal.getByRole('button', { name: t._('contact.notifyUser') }).click();
      await expectVisible(modal.getByText(t._('contact.notificationFailed')));
      const refusal = modal.locator('.send-refusal');
      await expectVisible(refusal);
      expect(await refusal.textContent()).toContain(t._('contact.tryAgainInMinutes', { minutes: 10 }));
      await screenshot(page, language, 'send-limit');
      await refusal.getByRole('button', { name: t._('contact.callInstead') }).click();
      await expectVisible(modal.getByText(writtenTheKeralaWay(owner.user.phone)));
      await modal.getByRole('button', { name: t._('app.close') }).click();

      const deleted = await fetch(`${server.url}/api/users/account`, {
        method: 'DELETE',
        headers: { authorization: owner.headers.authorization },
      });
      expect(deleted.status).toBe(200);
      await page.getByRole('button', { name: t._('contact.sendSms') }).click();
      await page.getByRole('textbox', { name: t._('contact.messageLabel') }).fill('Please move your car.');
      await page.getByRole('button', { name: t._('contact.notifyUser') }).click();
      await expectVisible(page.getByText(t._('contact.ownerGone')));
      await onPath(page, '/vehicleSearch');
      await screenshot(page, language, 'owner-gone');
    });
  }
});
