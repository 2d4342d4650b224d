/**
 * Push through the one service worker (DESIGN §5) in Debian's Chromium on the production build. An
 * FCM-shaped data message is delivered with CDP `ServiceWorker.deliverPushMessage`, as FCM would; system
 * notifications are shown through a stand-in desktop notification daemon, which also clicks them.
 */
import { aPushData } from '#common/testing/fixtures';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PushData } from '#common/api';
import { signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import {
  describeWithNotificationDaemon,
  notificationDaemonAvailable,
  startNotificationDaemon,
  type NotificationDaemon,
} from './support/notification-daemon';
import { expectVisible } from './support/page-checks';

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The parts of the worker's global scope the tests touch (the DOM lib has no worker types). */
interface WorkerScope {
  registration: { showNotification(...args: [string, NotificationOptions?]): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<readonly unknown[]> };
  shownByWorker: number;
}

const pushData = (notificationId: string, title: string, body: string): PushData =>
  aPushData({ notificationId, title, body, senderName: 'Ravi Kumar', sentAt: new Date().toISOString() });

/** The titles and bodies of the notifications our worker's registration shows now. */
function shownNotifications(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body }) => ({ title, body }));
  });
}

type RecordingWindow = Window & { workerMessages?: unknown[] };

/** From now on, keeps every message the worker posts to the page. */
function recordWorkerMessages(page: Page): Promise<void> {
  return page.evaluate(() => {
    const messages: unknown[] = [];
    (window as RecordingWindow).workerMessages = messages;
    navigator.serviceWorker.addEventListener('message', (event) => messages.push(event.data));
  });
}

function workerMessages(page: Page): Promise<unknown[] | undefined> {
  return page.evaluate(() => (window as RecordingWindow).workerMessages);
}

describeInBrowser('push', () => {
  let server: AppServer;
  let browser: LaunchedContext;
  let context: BrowserContext;
  let cdp: CDPSession;
  let account: Account;
  let daemon: NotificationDaemon | undefined;
  const registrations = new Map<string, Registration>();

  /** Delivers a push the way FCM's web SDK receives one: `{ data: {...} }` as JSON. */
  async function deliverPush(data: PushData): Promise<void> {
    const scope = `${server.url}/`;
    await waitUntil(async () => registrations.get(scope)?.isDeleted === false, 10_000);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registrations.get(scope)!.registrationId,
      data: JSON.stringify({ data }),
    });
  }

  /**
   * Waits until the worker's list of windows is empty: a page that was just closed leaves it a moment
   * later, and a push that finds it there is handed to that window instead of being shown.
   */
  async function untilTheWorkerSeesNoWindow(): Promise<void> {
    const [worker] = context.serviceWorkers();
    // A worker that is not running has no stale list: the push starts it with the windows there are.
    if (!worker) return;
    await waitUntil(
      () =>
        worker
          .evaluate(async () => {
            const scope = self as unknown as WorkerScope;
            return (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).length === 0;
          })
          // A worker that stopped meanwhile takes its list with it.
          .catch(() => true),
      10_000,
    );
  }

  async function openApp(path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    return page;
  }

  beforeAll(async () => {
    server = await startAppServer();
    account = await signUp(server, { name: 'Lakshmi Push' });
    daemon = notificationDaemonAvailable ? await startNotificationDaemon() : undefined;
    browser = await launchContext(daemon ? { env: daemon.env } : {});
    context = browser.context;
    await context.grantPermissions(['notifications'], { origin: server.url });
    // A page of no app keeps the browser and the CDP session alive while no page of the app is open.
    const blank = context.pages()[0] ?? (await context.newPage());
    cdp = await context.newCDPSession(blank);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.scopeURL, registration);
    });
    await cdp.send('ServiceWorker.enable');
  });

  afterAll(async () => {
    await browser?.close();
    await daemon?.stop();
    await server?.stop();
  });

  /** Pages of the app open now (the blank page is not one). */
  const appPages = () => context.pages().filter((page) => page.url().startsWith(server.url));

  it('shows exactly one system notification for a push while no page of the app is open', async () => {
    const installer = await openApp('/login');
    await installer.close();
    expect(appPages()).toEqual([]);
    await untilTheWorkerSeesNoWindow();

    await deliverPush(pushData('background-1', 'KL07AB1234 is blocking a gate', 'Please move your car.'));

    const checker = await openApp('/login');
    await expect
      .poll(() => shownNotifications(checker), { timeout: 10_000 })
      .toEqual([{ title: 'KL07AB1234 is blocking a gate', body: 'From Ravi Kumar: Please move your car.' }]);
    await checker.close();
  });

  it("shows a push marked silent (the receiver's quiet hours) without sound or vibration", async () => {
    const installer = await openApp('/login');
    await installer.close();
    await untilTheWorkerSeesNoWindow();
    await deliverPush({ ...pushData('quiet-1', 'KL07AB5678 is blocking a gate', 'Quietly.'), silent: true });

    const checker = await openApp('/login');
    const silentOf = () =>
      checker.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const [shown] = await registration.getNotifications({ tag: 'quiet-1' });
        return shown?.silent;
      });
    await expect.poll(silentOf, { timeout: 10_000 }).toBe(true);
    // Closed, so that the tests after this one see only their own notifications.
    await checker.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (const shown of await registration.getNotifications()) shown.close();
    });
    await checker.close();
  });

  describeInBrowser('with a page of the app open', () => {
    let page: Page;

    beforeAll(async () => {
      const login = await openApp('/login');
      await storeToken(login, server, account);
      await login.goto(`${server.url}/dashboard`);
      page = login;
      await page.getByRole('heading', { name: 'Hello, Lakshmi Push' }).waitFor();
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        for (const notification of await registration.getNotifications()) notification.close();
      });
    });

    afterAll(async () => {
      await page?.close();
    });

    it("adds the push to the bell's list as unread", async () => {
      await deliverPush(pushData('foreground-1', 'Your car blocks the lane', 'Near the temple gate.'));

      await expectVisible(page.getByRole('button', { name: 'Notifications, 1 unread' }));
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const item = page.locator('.bell-item-unread');
      await expectVisible(item.filter({ hasText: 'Your car blocks the lane' }));
      await expectVisible(item.filter({ hasText: 'Near the temple gate.' }));
    });

    it('shows the notification from the worker itself and hands the push to the page for its bell', async () => {
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      // Counts the worker's own showNotification calls.
      await worker!.evaluate(() => {
        const scope = self as unknown as WorkerScope;
        const show = scope.registration.showNotification.bind(scope.registration);
        scope.shownByWorker = 0;
        scope.registration.showNotification = (...args) => {
          scope.shownByWorker += 1;
          return show(...args);
        };
      });
      await recordWorkerMessages(page);
      const data = pushData('foreground-2', 'Headlights left on', 'KL01C 4455 in the market lot.');

      await deliverPush(data);

      // The worker adds the language it labelled the notification in: the session's, English here.
      await expect
        .poll(() => workerMessages(page), { timeout: 10_000 })
        .toEqual([{ type: 'push', data: { ...data, language: 'en' } }]);
      await expect
        .poll(() => worker!.evaluate(() => (self as unknown as WorkerScope).shownByWorker), {
          timeout: 10_000,
        })
        .toBe(1);
      await expect
        .poll(() => shownNotifications(page), { timeout: 10_000 })
        .toContainEqual({
          title: 'Headlights left on',
          body: 'From Ravi Kumar: KL01C 4455 in the market lot.',
        });
    });
  });

  describeWithNotificationDaemon('clicking a system notification', () => {
    beforeAll(async () => {
      const page = await openApp('/login');
      await storeToken(page, server, account);
      await page.close();
    });

    afterEach(async () => {
      for (const page of appPages()) await page.close();
    });

    it('opens the app on the dashboard when no window of it is open', async () => {
      expect(appPages()).toEqual([]);
      await untilTheWorkerSeesNoWindow();
      await deliverPush(pushData('click-1', 'Lights on in KL07AB1234', 'Seen at the bus stand.'));
      const notification = await daemon!.waitForNotification('Lights on in KL07AB1234');

      const opened = context.waitForEvent('page');
      daemon!.click(notification);
      const page = await opened;

      await page.waitForURL(`${server.url}/dashboard`);
      await expectVisible(page.getByRole('heading', { name: 'Hello, Lakshmi Push' }));
      expect(daemon!.shown()).not.toContainEqual(notification);
    });

    it("brings the open window to the notification's screen instead of opening another", async () => {
      const page = await openApp('/myVehicle');
      await page.getByRole('heading', { name: 'My Vehicles' }).waitFor();
      // With the app open the worker still shows the notification itself (SPEC §4).
      await deliverPush(pushData('click-2', 'Your car blocks a driveway', 'House 14, MG Road.'));
      const notification = await daemon!.waitForNotification('Your car blocks a driveway');
      const opened: Page[] = [];
      const onPage = (added: Page) => opened.push(added);
      context.on('page', onPage);

      daemon!.click(notification);

      await page.waitForURL(`${server.url}/dashboard`);
      context.off('page', onPage);
      expect(opened).toEqual([]);
      expect(appPages()).toEqual([page]);
    });
  });
});
