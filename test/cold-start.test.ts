/**
 * The cold start on the production build, with nothing cached: the HTML paints the app's frame before
 * any script, and with a token stored the session check and the signed-in dashboard's chunks (which
 * index.html names) are all requested while the entry starts, none waiting for another to run, and the
 * session check is sent once; its answer fills in the dashboard index.html holds, so the greeting
 * paints before the app's scripts have arrived, and the app takes that screen over.
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addVehicle, postJson, signUp, storeToken, type Account } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { recordLayoutShifts, shiftsOf } from './support/layout-shifts';

const SHELL_CHUNK = /\/assets\/signed-in-area-[^/]*\.js$/;
const ENTRY_CHUNK = /\/assets\/index-[^/]*\.js$/;

/** Holds every request for `url` back until the returned function is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Runs before the page's scripts: records every greeting the dashboard shows, in order. */
function recordGreetings(): void {
  const log = window as unknown as { greetings: string[] };
  log.greetings = [];
  new MutationObserver(() => {
    for (const heading of document.querySelectorAll('#root h2')) {
      const text = heading.textContent ?? '';
      if (text.startsWith('Hello') && log.greetings.at(-1) !== text) log.greetings.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const rootSnapshot = (page: Page) => page.evaluate(() => document.getElementById('root')?.dataset.snapshot);

/** The chunks index.html names for a signed-in start (scripts/signed-in-chunks.ts). */
function namedChunks(): string[] {
  const html = readFileSync('dist/index.html', 'utf8');
  const named = /<meta name="signed-in-chunks" content="([^"]*)"/.exec(html)?.[1];
  return named === undefined ? [] : named.split(' ');
}

describeInBrowser('the cold start', () => {
  let server: AppServer;
  let browser: LaunchedContext;

  beforeAll(async () => {
    server = await startAppServer();
    // No worker: nothing is cached, every start is a first one.
    browser = await launchContext({ serviceWorkers: 'block' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names in index.html the chunks of the signed-in shell, the dashboard and the contract', () => {
    const named = namedChunks();
    for (const chunk of [/signed-in-area-/, /dashboard-page-/, /\/api-[^/]*\.js$/]) {
      expect(
        named.some((href) => chunk.test(href)),
        String(chunk),
      ).toBe(true);
    }
  });

  it("paints the app's frame, its colours and its name, before any script runs", async () => {
    const page = await browser.context.newPage();
    const devtools = await browser.context.newCDPSession(page);
    await devtools.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(`${server.url}/dashboard`);
    const frame = await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const bar = getComputedStyle(root, '::before');
      return {
        name: bar.content,
        bar: bar.backgroundColor,
        brand: bar.color,
        page: getComputedStyle(document.documentElement).backgroundColor,
        height: root.getBoundingClientRect().height,
      };
    });
    expect(frame).toMatchObject({
      name: '"Vahan Contact"',
      bar: 'rgb(255, 255, 255)',
      brand: 'rgb(15, 118, 110)',
      page: 'rgb(243, 244, 246)',
    });
    expect(frame.height).toBeGreaterThan(0);
    await page.close();
  });

  it('sends the session check and asks for every named chunk while the shell’s chunk is still on its way', async () => {
    const account = await signUp(server, { name: 'Jaya Coldstart' });
    const page: Page = await browser.context.newPage();
    await storeToken(page, server, account);
    const requested: string[] = [];
    page.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));
    const release = await holdBack(page, SHELL_CHUNK);
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    const named = namedChunks();
    await waitUntil(
      async () =>
        requested.includes('/api/users/validateUser') && named.every((href) => requested.includes(href)),
      15_000,
    );
    release();
    await expectVisible(page.getByRole('heading', { name: `Hello, ${account.user.name}` }));
    expect(requested.filter((path) => path === '/api/users/validateUser')).toHaveLength(1);
    await page.close();
  });

  /**
   * A cold start of `path` in a browser of its own (nothing stored but `account`'s token) with the
   * entry chunk held back; `close` ends that browser.
   */
  async function startHeld(account: Account, path: string) {
    const fresh = await launchContext({ serviceWorkers: 'block' });
    const page = await fresh.context.newPage();
    await storeToken(page, server, account);
    await page.addInitScript(recordLayoutShifts);
    await page.addInitScript(recordGreetings);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const checks: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/validateUser')) checks.push(1);
    });
    const release = await holdBack(page, ENTRY_CHUNK);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/users/validateUser'));
    await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
    const close = async () => {
      release();
      await fresh.close();
    };
    return { page, errors, checks, release, close, status: (await answered).status() };
  }

  /** Once the session check has answered, whatever the early script was to paint has been painted. */
  async function afterEarlyScript(page: Page): Promise<string> {
    await page.waitForFunction(() => document.readyState !== 'loading');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    return page.evaluate(() => document.getElementById('root')!.innerHTML);
  }

  it('paints the greeting from the session check’s answer before the app’s scripts, and the app takes it over with nothing moved', async () => {
    const account = await signUp(server, { name: 'Meera Coldpaint' });
    const { page, errors, checks, release, close } = await startHeld(account, '/dashboard');
    const greeting = page.getByRole('heading', { name: 'Hello, Meera Coldpaint' });
    await expectVisible(greeting);
    expect(await page.locator('.sidebar-name').textContent()).toBe('Meera Coldpaint');
    expect(await rootSnapshot(page), 'the app has not run yet').toBe(account.user._id);
    // Its form cannot be sent natively before the app is attached.
    expect(await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => rootSnapshot(page), { timeout: 15_000 }).toBeUndefined();
    await expectVisible(greeting);
    expect(await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).isDisabled()).toBe(false);
    expect(await shiftsOf(page)).toEqual([]);
    // The app's first render greets the user too: no nameless "Hello, there" in between.
    expect(await page.evaluate(() => (window as unknown as { greetings: string[] }).greetings)).toEqual([
      'Hello, Meera Coldpaint',
    ]);
    expect(errors).toEqual([]);
    expect(checks, 'the session check is sent once').toHaveLength(1);
    await close();
  });

  it('shows an open request’s status in the frame that takes the greeting over, moving nothing after it', async () => {
    const account = await signUp(server, { name: 'Sona Openrequest' });
    const neighbour = await signUp(server, { name: 'Neighbour Coldgate' });
    await addVehicle(server, neighbour, {
      name: 'Gate Alto',
      vehicleNumber: 'KL07CD2468',
      vehicleType: 'Four',
    });
    await postJson(
      server,
      '/api/users/sendNotification',
      { receiverId: neighbour.user._id, title: 'Vehicle Notification', body: 'Please move KL07CD2468' },
      account.headers,
    );
    const { page, errors, release, close } = await startHeld(account, '/dashboard');
    let listsAnswered = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/users/sentRequests')) listsAnswered += 1;
    });
    await expectVisible(page.getByRole('heading', { name: 'Hello, Sona Openrequest' }));
    release();
    await expect.poll(() => rootSnapshot(page), { timeout: 15_000 }).toBeUndefined();
    await expectVisible(page.getByRole('article', { name: 'Request status' }));
    // The live channel asks for the list again once the shell is up: its answer moves nothing either.
    await expect.poll(() => listsAnswered, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await shiftsOf(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('paints it in the account’s language', async () => {
    const account = await signUp(server, { name: 'Lakshmi Coldpaint', language: 'ml' });
    const { page, close } = await startHeld(account, '/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'നമസ്കാരം, Lakshmi Coldpaint' }));
    await close();
  });

  it('paints nothing for another route, nor for a session the server has ended', async () => {
    const account = await signUp(server, { name: 'Nimmi Coldpaint' });
    const elsewhere = await startHeld(account, '/myVehicle');
    expect(elsewhere.status).toBe(200);
    expect(await afterEarlyScript(elsewhere.page)).toBe('');
    await elsewhere.close();

    await postJson(server, '/api/users/logout', {}, account.headers);
    const ended = await startHeld(account, '/dashboard');
    expect(ended.status).toBe(401);
    expect(await afterEarlyScript(ended.page)).toBe('');
    await ended.close();
  });
});
