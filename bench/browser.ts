/**
 * The app on a mid-range phone on mobile data: Debian's Chromium with the CPU slowed 4× and a
 * slow-4G network (CDP), timing navigation → the signed-in dashboard greeting the user by name.
 * Cold: a fresh profile (empty caches, no service worker, nothing in IndexedDB; only the token is
 * stored). Warm: the same profile after a visit, so the service worker and IndexedDB are filled.
 * Each run also sums the page's layout shifts (CLS) while the stored user is replaced by the answer
 * of validateUser.
 */
import os from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchContext } from '../test/support/chromium';

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbps down, 750 Kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** Layout shifts are counted until the session check answered and this much longer. */
const SETTLE_MS = 1000;

export interface BrowserRun {
  /** Navigation start → the greeting with the user's name painted. */
  nameShownMs: number;
  cls: number;
}

export interface BrowserResult {
  runs: number;
  cold: BrowserRun[];
  warm: BrowserRun[];
  coldMedianMs: number;
  warmMedianMs: number;
  maxCls: number;
  /** The machine's 1-minute load average after the runs. */
  loadAverage: number;
}

declare global {
  interface Window {
    __benchNameShownAt?: number;
    __benchCls?: number;
  }
}

/** Runs in the page before its own scripts: stores the token, watches for the greeting and shifts. */
function instrument({ token, greeting }: { token: string; greeting: string }): void {
  if (localStorage.getItem('token') === null) localStorage.setItem('token', JSON.stringify(token));
  window.__benchCls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) window.__benchCls = (window.__benchCls ?? 0) + entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('h2')].some((heading) => heading.textContent === greeting);
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__benchNameShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return cdp;
}

async function timedVisit(context: BrowserContext, url: string): Promise<BrowserRun> {
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  const sessionChecked = page.waitForResponse((response) =>
    response.url().endsWith('/api/users/validateUser'),
  );
  await page.goto(`${url}/dashboard`);
  await page.waitForFunction(() => window.__benchNameShownAt !== undefined, undefined, { timeout: 60_000 });
  await sessionChecked;
  await page.waitForTimeout(SETTLE_MS);
  const run = await page.evaluate(() => ({
    nameShownMs: window.__benchNameShownAt ?? NaN,
    cls: window.__benchCls ?? NaN,
  }));
  // The next page may share this renderer process: it starts at full speed, then gets throttled.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  return run;
}

async function withContext<T>(
  instrumentation: Parameters<typeof instrument>[0],
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const launched = await launchContext({ viewport: { width: 360, height: 640 } });
  try {
    await launched.context.addInitScript(instrument, instrumentation);
    return await use(launched.context);
  } finally {
    await launched.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Waits until the service worker controls the page and the precache is complete. */
async function fillServiceWorkerAndStorage(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await page.waitForFunction(() => window.__benchNameShownAt !== undefined, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  // The user the session check stored in IndexedDB, under the key src/lib/persist.ts writes.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('vahan-contact');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('state')) return resolve(false);
          const read = database.transaction('state').objectStore('state').get('user');
          read.onsuccess = () => resolve(read.result !== undefined);
          read.onerror = () => resolve(false);
        };
      }),
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  await page.close();
}

export async function benchBrowser(
  url: string,
  token: string,
  name: string,
  runs = 5,
): Promise<BrowserResult> {
  const instrumentation = { token, greeting: `Hello, ${name}` };
  const cold: BrowserRun[] = [];
  for (let run = 0; run < runs; run++) {
    cold.push(await withContext(instrumentation, (context) => timedVisit(context, url)));
  }
  const warm = await withContext(instrumentation, async (context) => {
    await fillServiceWorkerAndStorage(context, url);
    const visits: BrowserRun[] = [];
    for (let run = 0; run < runs; run++) visits.push(await timedVisit(context, url));
    return visits;
  });
  return {
    runs,
    cold,
    warm,
    coldMedianMs: median(cold.map((run) => run.nameShownMs)),
    warmMedianMs: median(warm.map((run) => run.nameShownMs)),
    maxCls: Math.max(...cold.map((run) => run.cls), ...warm.map((run) => run.cls)),
    loadAverage: os.loadavg()[0] ?? NaN,
  };
}
