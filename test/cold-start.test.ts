/**
 * The cold start on the production build, with nothing cached: the HTML paints the app's frame before
 * any script, and with a token stored the session check and the signed-in dashboard's chunks (which
 * index.html names) are all requested while the entry starts, none waiting for another to run, and the
 * session check is sent once.
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, storeToken } from './support/accounts';
import { startAppServer, waitUntil, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { expectVisible } from './support/page-checks';

const SHELL_CHUNK = /\/assets\/signed-in-area-[^/]*\.js$/;

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
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SHELL_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
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
});
