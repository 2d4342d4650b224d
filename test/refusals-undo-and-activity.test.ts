/**
 * In Debian's Chromium on the production build at a 360 px phone's width, in English and in Malayalam:
 * a sender whom the owner blocked is told so plainly when a send is refused (403); a false alarm is
 * reported to the server at once, withdrawn there by Undo within its time, and counts even when the
 * app closes at once; and TRAFFIC UPDATES lists what the server records of the person's windscreen
 * card and wiper slips. Screenshots of the changed screens go to test-results/screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ServerNotification, Strikes, Vehicle } from '#common/api';
import type { CardRequestPayload, VehicleCard } from '#common/card-api';
import type { Language } from '#common/languages';
import { replyLabel } from '#common/replies';
import type { CreatedSlips } from '#common/slips-api';
import { textsFor } from '../server/i18n/texts';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { search } from './support/search';
import { pwaTexts } from './support/texts';

const SCREENSHOTS = path.resolve('test-results/screens');
const LOCALES: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };
const LANGUAGES: Language[] = ['en', 'ml'];
/** Short enough that a report left alone counts within the test, long enough to press Undo in. */
const UNDO_S = 15;

describeInBrowser('refusals, the server-side undo and card and slip activity', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];
  let plateCounter = 0;

  beforeAll(async () => {
    // Reports of accounts made during the test count as strikes, so that a report's effect shows.
    server = await startAppServer({ FALSE_ALARM_UNDO_S: String(UNDO_S), STRIKE_REPORTER_MIN_AGE_DAYS: '0' });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function phoneIn(language: Language, account: Account): Promise<Page> {
    const browser = await launchContext({ locale: LOCALES[language] });
    opened.push(browser);
    const page = await browser.context.newPage();
    await storeToken(page, server, account);
    return page;
  }

  const open = (page: Page, route: string) => page.goto(`${server.url}${route}`);
  const screenshot = (page: Page, language: Language, name: string) =>
    page.screenshot({
      path: path.join(SCREENSHOTS, `undo-activity-${language}-${name}.png`),
      fullPage: true,
    });

  async function ownerWithVehicle(language: Language): Promise<{ owner: Account; vehicle: Vehicle }> {
    const owner = await signUp(server, { name: 'Rahul Nair', language, phoneVisible: true });
    plateCounter += 1;
    const vehicle = await addVehicle(server, owner, {
      name: 'White Swift',
      vehicleNumber: `KL 07 UA ${String(plateCounter).padStart(4, '0')}`,
    });
    return { owner, vehicle };
  }

  /** A POST as `account` (or as a stranger, with none); resolves with the status and the body. */
  async function post(account: Account | null, route: string, body: unknown) {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: account?.headers ?? { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function strikesOf(account: Account): Promise<number> {
    const response = await fetch(`${server.url}/api/users/strikes`, { headers: account.headers });
    return ((await response.json()) as Strikes).strikes;
  }

  const plateOf = (vehicle: Vehicle) => vehicle.vehicleNumber.replace(/[\s-]/g, '').toUpperCase();

  for (const language of LANGUAGES) {
    const t = pwaTexts(language);

    it(`${language}: a send refused because the owner blocked the sender says so plainly, with no call offered`, async () => {
      const { owner, vehicle } = await ownerWithVehicle(language);
      const sender = await signUp(server, { name: 'Joseph Kurian', language });
      const first = await post(sender, '/api/users/sendMessage', {
        userId: owner.user._id,
        vehicleId: vehicle._id,
        message: 'Your car is blocking my gate',
      });
      expect(first.status).toBe(201);
      const blocked = await post(owner, '/api/users/blockSender', {
        notificationId: (first.body as ServerNotification)._id,
      });
      expect(blocked.status).toBe(200);

      const page = await phoneIn(language, sender);
      await open(page, '/vehicleSearch');
      await search(page, language, vehicle.vehicleNumber);
      await page.getByRole('listitem').filter({ hasText: 'Rahul Nair' }).getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/message');
      await page.getByRole('button', { name: t._('contact.sendNotification') }).click();
      const modal = page.getByRole('dialog', { name: t._('contact.modalTitle') });
      const refused = page.waitForResponse((response) =>
        response.url().includes('/api/users/sendNotification'),
      );
      await modal.getByRole('button', { name: t._('contact.notifyUser') }).click();
      expect((await refused).status()).toBe(403);
      const refusal = modal.locator('.send-refusal');
      await expectVisible(refusal);
      expect(await refusal.textContent()).toContain(textsFor(language)._('server.notifications.blocked'));
      expect(await refusal.getByRole('button', { name: t._('contact.callInstead') }).count()).toBe(0);
      await screenshot(page, language, 'blocked-refusal');
    });

    it(`${language}: a false alarm goes to the server at once, Undo withdraws it there, and one left alone counts after the app closed`, async () => {
      const { owner, vehicle } = await ownerWithVehicle(language);
      const sender = await signUp(server, { name: 'Anu Thomas', language });
      const send = async (message: string) => {
        const sent = await post(sender, '/api/users/sendMessage', {
          userId: owner.user._id,
          vehicleId: vehicle._id,
          message,
        });
        expect(sent.status).toBe(201);
        return (sent.body as ServerNotification)._id;
      };
      const undoneId = await send('Your car is blocking my gate');
      const page = await phoneIn(language, owner);
      await open(page, '/dashboard');
      await page.getByRole('button', { name: new RegExp(`^${t._('notifications.title')}`) }).click();
      const panel = page.getByRole('region', { name: t._('notifications.title') });
      const item = panel.getByRole('listitem').filter({ hasText: 'Your car is blocking my gate' });

      await item.getByRole('button', { name: t._('notifications.falseAlarm'), exact: true }).click();
      await item.getByRole('button', { name: t._('notifications.falseAlarmConfirm'), exact: true }).click();
      await expectVisible(item.getByText(t._('notifications.falseAlarmUndoable', { seconds: UNDO_S })));
      // The server holds the report already: a second one is refused as a duplicate.
      expect((await post(owner, '/api/users/reportFalseAlarm', { notificationId: undoneId })).status).toBe(
        409,
      );
      await screenshot(page, language, 'false-alarm-undoable');
      const undone = page.waitForResponse((response) => response.url().includes('/api/users/undoFalseAlarm'));
      await item.getByRole('button', { name: t._('notifications.falseAlarmUndo') }).click();
      expect((await undone).status()).toBe(200);
      await expectVisible(page.getByText(t._('notifications.falseAlarmUndone')));
      await expectVisible(item.getByRole('button', { name: t._('notifications.falseAlarm'), exact: true }));
      // Withdrawn on the server: nothing is left to undo, and no strike follows once the time is over.
      expect((await post(owner, '/api/users/undoFalseAlarm', { notificationId: undoneId })).status).toBe(404);

      const keptId = await send('Your lights are on');
      await page.reload();
      await page.getByRole('button', { name: new RegExp(`^${t._('notifications.title')}`) }).click();
      const kept = panel.getByRole('listitem').filter({ hasText: 'Your lights are on' });
      await kept.getByRole('button', { name: t._('notifications.falseAlarm'), exact: true }).click();
      const reported = page.waitForResponse((response) =>
        response.url().includes('/api/users/reportFalseAlarm'),
      );
      await kept.getByRole('button', { name: t._('notifications.falseAlarmConfirm'), exact: true }).click();
      expect((await reported).status()).toBe(200);
      await page.close();
      // One strike: the report left alone, not the one withdrawn.
      await expect.poll(() => strikesOf(sender), { timeout: (UNDO_S + 25) * 1000, interval: 1000 }).toBe(1);
      const late = await post(owner, '/api/users/undoFalseAlarm', { notificationId: keptId });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({
        message: textsFor(language)._('server.falseAlarms.undoTooLate', { seconds: UNDO_S }),
      });
    });

    it(`${language}: TRAFFIC UPDATES lists the windscreen card made, a request through it, the slips printed, a slip left and its answer`, async () => {
      const { owner, vehicle } = await ownerWithVehicle(language);
      const made = await post(owner, '/api/users/vehicleCard', { vehicleId: vehicle._id });
      expect(made.status).toBe(201);
      const card = made.body as VehicleCard;
      const plate = plateOf(vehicle);
      const throughCard: CardRequestPayload = { plateLast4: plate.slice(-4), templateKey: 'blocking' };
      expect((await post(null, `/api/public/cards/${card.code}/requests`, throughCard)).status).toBe(201);
      const printed = await post(owner, '/api/users/slips', { count: 3 });
      expect(printed.status).toBe(201);
      const [slip] = (printed.body as CreatedSlips).slips;
      const slipPlate = `KL07SL${String(plateCounter).padStart(4, '0')}`;
      const attached = await post(owner, `/api/users/slips/${slip?.code ?? ''}/attach`, {
        vehicleNumber: slipPlate,
        templateKey: 'blocking',
      });
      expect(attached.status).toBe(201);
      expect(
        (await post(null, `/api/public/slips/${slip?.code ?? ''}/reply`, { kind: 'five_minutes' })).status,
      ).toBe(201);

      const page = await phoneIn(language, owner);
      await open(page, '/dashboard');
      await page.getByRole('button', { name: t._('search.trafficUpdates') }).click();
      const updates = page.getByRole('region', { name: t._('updates.title') });
      const answered = updates
        .getByRole('listitem')
        .filter({ hasText: t._('updates.slipAnswered', { vehicleNumber: slipPlate }) });
      await expectVisible(answered.getByText(replyLabel(t, 'five_minutes')));
      await expectVisible(updates.getByText(t._('updates.slipAttached', { vehicleNumber: slipPlate })));
      await expectVisible(updates.getByText(t._('updates.slipsPrinted', { count: 3 })));
      await expectVisible(updates.getByText(t._('updates.cardMade', { vehicleNumber: plate })));
      const headings = await updates.locator('.traffic-update strong').allTextContents();
      // Newest first: the answer, the slip left, the slips printed, then the card's request and the card.
      expect(headings.indexOf(t._('updates.slipAnswered', { vehicleNumber: slipPlate }))).toBe(0);
      expect(headings.indexOf(t._('updates.cardMade', { vehicleNumber: plate }))).toBe(headings.length - 1);
      // The request through the card shows once: as the bell holds it, or as the server's record.
      const throughTheCard = [
        t._('updates.receivedViaCard'),
        t._('updates.cardMessage', { vehicleNumber: plate }),
      ];
      expect(headings.filter((heading) => throughTheCard.includes(heading))).toHaveLength(1);
      const body = (await updates.textContent()) ?? '';
      expect(body).not.toContain('127.0.0.1');
      await screenshot(page, language, 'traffic-updates-cards-slips');
    });
  }
});
