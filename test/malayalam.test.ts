/**
 * Issue 16 in Debian's Chromium on the production build: a phone set to Malayalam (`ml-IN`) gets the
 * app in Malayalam before any choice, a whole journey works in Malayalam while the owner it reaches
 * reads English, and every screen fits 360 px in both languages. Elements are found by the texts a
 * reader sees, taken from the compiled catalogues.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ServerNotification, User, Vehicle } from '#common/api';
import type { Language } from '#common/languages';
import { messageTemplates } from '#common/message-templates';
import { addVehicle, nextPhone, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { textOverflows } from './support/layout-checks';
import { expectVisible } from './support/page-checks';
import { pwaTexts } from './support/texts';

const SCREENSHOTS = path.resolve('test-results/screens');
const LOCALES: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };
const ml = pwaTexts('ml');
const en = pwaTexts('en');

describeInBrowser('Malayalam', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];

  beforeAll(async () => {
    server = await startAppServer({ CODE_RESEND_GAP_S: '1' });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A phone whose browser prefers `language`; signed in when an account is given. */
  async function phoneIn(language: Language, account?: Account): Promise<Page> {
    const browser = await launchContext({ locale: LOCALES[language] });
    opened.push(browser);
    const page = await browser.context.newPage();
    if (account) await storeToken(page, server, account);
    return page;
  }

  const open = (page: Page, route: string) => page.goto(`${server.url}${route}`);
  const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

  async function ownerWithVehicle(name: string, vehicleNumber: string) {
    const owner = await signUp(server, { name, phoneVisible: true });
    const vehicle = await addVehicle(server, owner, {
      name: 'White Swift',
      vehicleNumber,
      vehicleType: 'Four',
    });
    return { owner, vehicle };
  }

  async function api<T>(account: Account, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: account.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${route} answered ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  it('shows the sign-in screen in Malayalam on a phone set to Malayalam, before any choice', async () => {
    const page = await phoneIn('ml');
    await open(page, '/login');
    await expectVisible(page.getByRole('heading', { name: ml._('login.title') }));
    await expectVisible(page.getByRole('button', { name: ml._('login.submit') }));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ml');
  });

  it('registers, adds a vehicle, finds an owner, messages them and reads the answer, all in Malayalam', async () => {
    const { owner, vehicle } = await ownerWithVehicle('Ravi Menon', 'KL10GH2468');
    const page = await phoneIn('ml');
    const phone = nextPhone();

    await open(page, '/registration');
    await page.getByRole('textbox', { name: ml._('registration.name') }).fill('Devi Nair');
    await page.getByRole('textbox', { name: ml._('registration.email') }).fill('devi@example.in');
    await page.getByRole('textbox', { name: ml._('registration.phone') }).fill(phone);
    await page.getByRole('combobox', { name: ml._('registration.gender') }).selectOption('Female');
    await page.getByLabel(ml._('registration.dateOfBirth')).fill('1993-02-11');
    await page.getByRole('combobox', { name: ml._('registration.district') }).selectOption('Ernakulam');
    const city = page.getByRole('combobox', { name: ml._('registration.city') });
    await expect.poll(() => city.isEnabled(), { timeout: 5_000 }).toBe(true);
    await city.selectOption('Kochi');
    await page.getByRole('checkbox', { name: ml._('registration.consent') }).check();
    const codesBefore = server.codeCount(phone);
    await page.getByRole('button', { name: ml._('registration.submit') }).click();
    await onPath(page, '/otp-verification');
    await page.getByRole('textbox', { name: ml._('otp.digitLabel', { position: 1, count: 6 }) }).click();
    await page.keyboard.type(await server.waitForCode(phone, codesBefore));
    await page.getByRole('button', { name: ml._('otp.verify') }).click();
    await onPath(page, '/dashboard');
    await expectVisible(page.getByRole('heading', { name: ml._('search.greeting', { name: 'Devi Nair' }) }));
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const validated = await fetch(`${server.url}/api/users/validateUser`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await validated.json()) as { user: User }).user.language, 'the account keeps the language').toBe(
      'ml',
    );

    await open(page, '/addVehicle');
    await page
      .getByRole('combobox', { name: ml._('vehicles.typeLabel') })
      .selectOption({ label: ml._('vehicles.typeTwo') });
    await page.getByRole('textbox', { name: ml._('vehicles.nameLabel') }).fill('Scooty');
    await page.getByRole('textbox', { name: ml._('vehicles.numberLabel') }).fill('kl 07 cd 9876');
    await page.getByRole('button', { name: ml._('vehicles.save') }).click();
    await onPath(page, '/myVehicle');
    await expectVisible(page.getByRole('button', { name: /Scooty/ }));

    await open(page, '/dashboard');
    await page.getByRole('textbox', { name: ml._('search.numberLabel') }).fill('kl 10 gh 2468');
    await page.getByRole('button', { name: ml._('search.submit') }).click();
    const card = page
      .getByRole('region', { name: ml._('search.resultsTitle') })
      .getByRole('listitem')
      .filter({ hasText: 'Ravi Menon' });
    await expectVisible(card);
    await card.getByRole('link').click();
    await onPath(page, '/message');

    const template = messageTemplates(ml, vehicle.vehicleNumber)[0]!;
    await page.getByRole('button', { name: ml._('contact.sendSms') }).click();
    const modal = page.getByRole('dialog', { name: ml._('contact.modalTitle') });
    await modal.getByRole('button', { name: template }).click();
    const alerted = page.waitForEvent('dialog');
    await modal.getByRole('button', { name: ml._('contact.notifyUser') }).click();
    const alert = await alerted;
    expect(alert.message()).toBe(ml._('contact.messageSent', { content: template }));
    await alert.accept();

    // The owner reads English: the template was stored as a template, not as Malayalam text.
    const [received] = await api<ServerNotification[]>(owner, '/api/users/unreadNotifications');
    expect(received?.content).toBe(messageTemplates(en, vehicle.vehicleNumber)[0]);
    await api(owner, '/api/users/replyToNotification', {
      notificationId: received!._id,
      kind: 'five_minutes',
    });

    await open(page, '/requests');
    await expectVisible(page.getByText(ml._('reply.status.fiveMinutes')));
    await expectVisible(page.getByText(template));
  });

  /** Every screen, each after what shows it has loaded. */
  async function screens(language: Language, owner: Vehicle): Promise<Record<string, string[]>> {
    const t = pwaTexts(language);
    const found: Record<string, string[]> = {};
    async function check(page: Page, name: string, shown: () => Promise<void>) {
      await shown();
      await page.screenshot({ path: path.join(SCREENSHOTS, `${language}-${name}.png`), fullPage: true });
      found[name] = await textOverflows(page);
    }
    // Signed up first: its sign-in below comes after the resend gap of its sign-up code.
    const returning = await signUp(server, { name: 'Meera Krishnan', language });
    const visitor = await phoneIn(language);
    await open(visitor, '/login');
    await check(visitor, 'login', () =>
      expectVisible(visitor.getByRole('heading', { name: t._('login.title') })),
    );
    await open(visitor, '/registration');
    await check(visitor, 'registration', () =>
      expectVisible(visitor.getByRole('heading', { name: t._('registration.title') })),
    );
    await open(visitor, '/login');
    await visitor.getByRole('textbox', { name: t._('login.phoneLabel') }).fill(returning.user.phone);
    await visitor.getByRole('button', { name: t._('login.submit') }).click();
    await onPath(visitor, '/otp-verification');
    await check(visitor, 'otp-verification', () =>
      expectVisible(visitor.getByRole('heading', { name: t._('otp.title') })),
    );

    const resident = await signUp(server, { name: 'Aswathy Ramachandran', language });
    await addVehicle(server, resident, {
      name: 'Maruti Wagon R',
      vehicleNumber: 'KL07AB1234',
      vehicleType: 'Four',
    });
    const page = await phoneIn(language, resident);
    const heading = (name: string) => expectVisible(page.getByRole('heading', { name }).first());
    await open(page, '/dashboard');
    await check(page, 'dashboard', () => heading(t._('home.title')));
    await open(page, '/vehicleSearch');
    await page.getByRole('textbox', { name: t._('search.numberLabel') }).fill(owner.vehicleNumber);
    await page.getByRole('button', { name: t._('search.submit') }).click();
    await check(page, 'vehicleSearch-results', () => heading(t._('search.resultsTitle')));
    await open(page, '/addVehicle');
    await check(page, 'addVehicle', () => heading(t._('vehicles.addTitle')));
    await open(page, '/myVehicle');
    await check(page, 'myVehicle', () => heading(t._('vehicles.title')));
    await open(page, `/message?id=${owner._id}`);
    await check(page, 'message', () => heading(t._('contact.title')));
    await page.getByRole('button', { name: t._('contact.sendSms') }).click();
    await check(page, 'message-modal', () =>
      expectVisible(page.getByRole('dialog', { name: t._('contact.modalTitle') })),
    );
    await open(page, '/settings');
    await check(page, 'settings', () => heading(t._('settings.title')));
    await open(page, '/requests');
    await check(page, 'requests', () => heading(t._('requests.title')));
    await page.getByRole('button', { name: new RegExp(`^${t._('notifications.title')}`) }).click();
    await check(page, 'bell', () =>
      expectVisible(page.getByRole('region', { name: t._('notifications.title') })),
    );
    await open(page, '/no-such-screen');
    await check(page, 'not-found', () => heading(t._('app.notFoundTitle')));
    return found;
  }

  it('fits every screen at 360 px in both languages: no text is cut off or runs past the screen', async () => {
    const { vehicle } = await ownerWithVehicle('Thomas Kuriakose', 'KL11JK1357');
    for (const language of ['en', 'ml'] as const) {
      const problems = Object.entries(await screens(language, vehicle)).filter(
        ([, found]) => found.length > 0,
      );
      expect(Object.fromEntries(problems), `${language}: screenshots in ${SCREENSHOTS}`).toEqual({});
    }
  });
});
