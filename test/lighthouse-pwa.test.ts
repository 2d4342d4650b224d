/**
 * Installable (issue 4): Lighthouse 11, the last version with the PWA category, audits the production
 * build's /login in Debian's Chromium with no network beyond 127.0.0.1, and Chrome itself reports no
 * installability errors.
 */
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchWithDebuggingPort, type DebuggableChromium } from './support/chromium';

const PWA_AUDITS = [
  'installable-manifest',
  'splash-screen',
  'themed-omnibox',
  'content-width',
  'viewport',
  'maskable-icon',
] as const;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type AuditResult = LighthouseResult['audits'][string];

/** What Lighthouse says about an audit, for the message of a failing assertion. */
function explain(audit: AuditResult | undefined): string {
  if (audit === undefined) return 'audit missing from the report';
  const { title, score, explanation, displayValue, details } = audit;
  return JSON.stringify({ title, score, explanation, displayValue, details }, null, 2);
}

describeInBrowser('Lighthouse PWA audits of /login', () => {
  let server: AppServer;
  let chrome: DebuggableChromium;
  let report: LighthouseResult;

  beforeAll(async () => {
    server = await startAppServer();
    chrome = await launchWithDebuggingPort();
    const result = await lighthouse(`${server.url}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['pwa'],
      // The PWA audits measure no timings: nothing to throttle or simulate.
      throttlingMethod: 'provided',
      disableFullPageScreenshot: true,
    });
    if (result === undefined) throw new Error('Lighthouse returned no result');
    report = result.lhr;
  });

  afterAll(async () => {
    await chrome?.close();
    await server?.stop();
  });

  it('runs without a runtime error', () => {
    expect(report.runtimeError, JSON.stringify(report.runtimeError)).toBeUndefined();
    expect(report.lighthouseVersion).toMatch(/^11\./);
  });

  it.each(PWA_AUDITS)('passes the %s audit', (id) => {
    const audit = report.audits[id];
    expect(audit?.score, explain(audit)).toBe(1);
  });

  it('reports no installability errors through CDP', async () => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await page.close();
    } finally {
      await browser?.close();
    }
  });
});
