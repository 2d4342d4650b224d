/**
 * The fallback ladder in Chromium on the production build, against the real server (with short
 * delays), its log SMS and a fake Exotel: a request reaches no device of its owner, and the sender
 * watches "SMS sent to the owner", then "Calling the owner", then the keypad answer appear on
 * /message without a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import {
  EXOTEL_SID,
  startFakeExotel,
  type FakeExotel,
} from '../server/providers/telephony/testing/fake-exotel';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const WEBHOOK_SECRET = 'exotel-webhook-secret-for-the-journey';

describeInBrowser('the fallback ladder, as the sender sees it', () => {
  let exotel: FakeExotel;
  let server: AppServer;
  let browser: LaunchedContext;
  let owner: Account;
  let sender: Account;
  let vehicle: Vehicle;

  beforeAll(async () => {
    exotel = await startFakeExotel();
    server = await startAppServer({
      ...exotel.env,
      EXOTEL_FLOW_URL: `http://my.exotel.com/${EXOTEL_SID}/exoml/start_voice/926`,
      EXOTEL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FALLBACK_SMS_AFTER_S: '2',
      FALLBACK_CALL_AFTER_S: '6',
    });
    [owner, sender] = [
      await signUp(server, { name: 'Owner Latha' }),
      await signUp(server, { name: 'Sender Biju' }),
    ];
    vehicle = await addVehicle(server, owner, { name: 'Blue Alto', vehicleNumber: 'KL07CD4321' });
    browser = await launchContext();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await exotel?.close();
  });

  /** The sender finds the car, sends a message from /message and returns that page, following it. */
  async function sendFromMessagePage(text: string): Promise<Page> {
    const page = await browser.context.newPage();
    await storeToken(page, server, sender);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill('KL07CD4321');
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    await page.getByRole('region', { name: 'Search Results' }).getByRole('link').first().click();
    await page.waitForURL(`${server.url}/message?id=${vehicle._id}`);
    await page.getByRole('button', { name: 'Send SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Notify User About Vehicle' });
    await modal.getByRole('textbox', { name: 'Message' }).fill(text);
    page.once('dialog', (dialog) => void dialog.accept());
    await modal.getByRole('button', { name: 'Notify User' }).click();
    await modal.waitFor({ state: 'detached' });
    await expectVisible(page.getByRole('article', { name: 'Request status' }).getByText(text));
    return page;
  }

  it('shows "SMS sent to the owner", "Calling the owner", then the answer from the keypad, without a reload', async () => {
    const page = await sendFromMessagePage('Your car blocks the ambulance lane');
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    const status = page.getByRole('article', { name: 'Request status' });

    await expectVisible(status.getByText('SMS sent to the owner'));
    expect(server.output()).toMatch(new RegExp(`fallback-sms phone=${owner.user.phone} request=`));
    await expectVisible(status.getByText('Calling the owner'));

    await waitUntil(async () => exotel.received.length > 0, 15_000);
    const [call] = exotel.received;
    expect(call?.form.get('From')).toBe(`+91${owner.user.phone}`);
    const answer = new URLSearchParams({
      secret: WEBHOOK_SECRET,
      CallSid: 'fakecall1',
      CustomField: call?.form.get('CustomField') ?? '',
      digits: '"2"',
    });
    const answered = await fetch(`${server.url}/api/telephony/exotel/answer?${answer}`);
    expect(answered.status).toBe(200);

    await expectVisible(status.getByText('Coming in 5 minutes'));
    expect(reloads).toBe(0);
  });
});
