/**
 * The sign-in screen prerendered at build time (scripts/prerender.ts) in Debian's Chromium on the
 * production build: it paints with no JavaScript at all, the app hydrates it in place (no markup
 * replaced, no console error or warning, so no hydration mismatch), and anyone it is not for (a
 * Malayalam choice on the device, a stored token) gets the app rendered from scratch instead.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';
import { pwaTexts } from './support/texts';

const en = pwaTexts('en');
const ml = pwaTexts('ml');

declare global {
  interface Window {
    __removedFromRoot?: number;
  }
}

/** Runs before the page's scripts: counts the elements ever removed from #root (a render from scratch). */
function countRemovalsFromRoot(): void {
  window.__removedFromRoot = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      const removed = [...record.removedNodes].filter((node) => node.nodeType === Node.ELEMENT_NODE);
      if ((record.target as Element).id === 'root') window.__removedFromRoot! += removed.length;
    }
  }).observe(document, { childList: true, subtree: true });
}

describeInBrowser('the prerendered sign-in screen', () => {
  let server: AppServer;
  let opened: LaunchedContext[] = [];

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterEach(async () => {
    await Promise.all(opened.map((browser) => browser.close()));
    opened = [];
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A page of a fresh browser (the service worker blocked: these are the server's pages). */
  async function freshPage(
    options: { javaScriptEnabled?: boolean } = {},
  ): Promise<{ page: Page; console: string[] }> {
    const browser = await launchContext({ serviceWorkers: 'block', locale: 'en-IN', ...options });
    opened.push(browser);
    const page = await browser.context.newPage();
    await page.addInitScript(countRemovalsFromRoot);
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') console.push(message.text());
      // Playwright's own note that it blocked the service worker is the only warning expected.
      if (message.type() === 'warning' && !message.text().includes('blocked by Playwright')) {
        console.push(message.text());
      }
    });
    return { page, console };
  }

  it.each(['/login', '/'])('paints %s with no JavaScript', async (path) => {
    const { page } = await freshPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}${path}`);
    await expectVisible(page.getByRole('heading', { name: en._('login.title') }));
    await expectVisible(page.getByRole('button', { name: en._('login.submit') }));
  });

  it.each(['/login', '/'])(
    'hydrates %s in place: nothing replaced, nothing logged, the form works',
    async (path) => {
      const { page, console } = await freshPage();
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      const phone = page.getByRole('textbox', { name: en._('login.phoneLabel') });
      // The phone field keeps digits only: only React, once attached, filters what is typed.
      await phone.pressSequentially('98a76');
      await expect.poll(() => phone.inputValue()).toBe('9876');
      await page.getByRole('button', { name: en._('login.submit') }).click();
      await expectVisible(page.getByText(en._('toast.invalidPhone')));
      expect(await page.evaluate(() => window.__removedFromRoot)).toBe(0);
      expect(console).toEqual([]);
    },
  );

  it('keeps a number typed before the app is attached, and SEND waits for the app', async () => {
    const { page, console } = await freshPage();
    // The entry chunk held back: the prerendered form is on screen with nothing behind it yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    const phone = page.getByRole('textbox', { name: en._('login.phoneLabel') });
    const send = page.getByRole('button', { name: en._('login.submit') });
    await phone.fill('9876543210');
    expect(await send.isDisabled()).toBe(true);
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/users/login'));
    release();
    await send.click();
    expect((await asked).postDataJSON()).toEqual({ phone: '9876543210' });
    expect(page.url()).toBe(`${server.url}/login`);
    expect(await phone.inputValue()).toBe('9876543210');
    expect(await page.evaluate(() => window.__removedFromRoot)).toBe(0);
    expect(console.filter((text) => !text.includes('404'))).toEqual([]);
  });

  it('is dropped for a device where Malayalam was chosen, which gets the app in Malayalam', async () => {
    const { page, console } = await freshPage();
    await page.goto(`${server.url}/registration`);
    await page.evaluate(() => localStorage.setItem('language', 'ml'));
    await page.goto(`${server.url}/login`);
    await expectVisible(page.getByRole('heading', { name: ml._('login.title') }));
    await expect(page.getByRole('heading', { name: en._('login.title') }).count()).resolves.toBe(0);
    expect(await page.evaluate(() => window.__removedFromRoot)).toBeGreaterThan(0);
    expect(console).toEqual([]);
  });

  it('is dropped for a signed-in user at /, who gets the dashboard', async () => {
    const account = await signUp(server, { name: 'Asha Prerender' });
    const { page, console } = await freshPage();
    await storeToken(page, server, account);
    await page.goto(`${server.url}/`);
    await expectVisible(page.getByRole('heading', { name: 'Hello, Asha Prerender' }));
    await expect(page.getByRole('heading', { name: en._('login.title') }).count()).resolves.toBe(0);
    expect(console).toEqual([]);
  });

  it('is not what other routes get: /dashboard is the neutral shell', async () => {
    const response = await fetch(`${server.url}/dashboard`, { headers: { 'accept-language': 'en-IN' } });
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
  });
});
