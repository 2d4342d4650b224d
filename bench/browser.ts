/**
 * The app on a mid-range phone on mobile data: Debian's Chromium with the CPU slowed 4× and a
 * slow-4G network (CDP), timing navigation → the signed-in dashboard greeting the user by name.
 * Cold: a fresh profile (empty caches, no service worker, nothing in IndexedDB; only the token is
 * stored). Warm: the same profile after a visit, so the service worker and IndexedDB are filled.
 * Each run also sums the page's layout shifts (CLS) while the stored user is replaced by the answer
 * of validateUser, and the bytes the page fetched until the greeting showed. The floors
 * (floor-page.ts) are timed the same way in the same run, just before the app.
 */
import os from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { waitUntil } from '../test/support/app-server';
import { launchContext } from '../test/support/chromium';
import { APP_STATE, readStored } from '../test/support/stored-state';
import { FLOOR_GREETING, startFloorServer } from './floor-page';
import type { StrangerPageResult } from './pages-for-strangers';

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
  /** Bytes over the network (headers and bodies as transferred) until the greeting showed. */
  bytes: number;
}

export interface Floors {
  cold: BrowserRun[];
  warm: BrowserRun[];
  coldMedianMs: number;
  warmMedianMs: number;
}

export interface BrowserResult {
  runs: number;
  cold: BrowserRun[];
  warm: BrowserRun[];
  coldMedianMs: number;
  warmMedianMs: number;
  /** The median bytes a cold start fetched until the greeting. */
  coldMedianBytes: number;
  maxCls: number;
  floors: Floors;
  /** The windscreen card's and wiper slip's pages, cold, against the same cold floor. */
  strangerPages?: StrangerPageResult[];
  /** The machine's 1-minute load average after the runs. */
  loadAverage: number;
}

declare global {
  interface Window {
    __benchNameShownAt?: number;
    __benchCls?: number;
  }
}

export interface Instrumentation {
  /** The session token to store before the app runs (none for the floor page). */
  token?: string;
  /** The page is shown once a heading reads this (the dashboard's greeting, the floor's line)… */
  greeting?: string;
  /** …or once an element matches this selector (a form's button on a page for strangers). */
  selector?: string;
}

/** Runs in the page before its own scripts: stores the token, watches for the page shown and for shifts. */
export function watchForReady({ token, greeting, selector }: Instrumentation): void {
  if (token !== undefined && localStorage.getItem('token') === null) {
    localStorage.setItem('token', JSON.stringify(token));
  }
  window.__benchCls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) window.__benchCls = (window.__benchCls ?? 0) + entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // No named function in here: tsx would wrap it in a helper the page does not have.
  const observer = new MutationObserver(() => {
    const shown =
      selector !== undefined
        ? document.querySelector(selector) !== null
        : [...document.querySelectorAll('h2')].some((heading) => heading.textContent === greeting);
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__benchNameShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** A new page with the CPU slowdown and slow 4G, and its DevTools session. */
export async function throttledPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return { page, cdp };
}

/**
 * One throttled visit of `pageUrl` until the watched-for element is painted. `checksSession`: the app,
 * which also waits for validateUser's answer and the shifts it may cause.
 */
export async function timedVisit(
  context: BrowserContext,
  pageUrl: string,
  checksSession: boolean,
): Promise<BrowserRun> {
  const { page, cdp } = await throttledPage(context);
  let bytes = 0;
  let greeted = false;
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
    if (!greeted) bytes += encodedDataLength;
  });
  const sessionChecked = checksSession
    ? page.waitForResponse((response) => response.url().endsWith('/api/users/validateUser'))
    : undefined;
  await page.goto(pageUrl);
  await page.waitForFunction(() => window.__benchNameShownAt !== undefined, undefined, { timeout: 60_000 });
  greeted = true;
  if (sessionChecked) {
    await sessionChecked;
    await page.waitForTimeout(SETTLE_MS);
  }
  const run = await page.evaluate(() => ({
    nameShownMs: window.__benchNameShownAt ?? NaN,
    cls: window.__benchCls ?? NaN,
  }));
  // The next page may share this renderer process: it starts at full speed, then gets throttled.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  return { ...run, bytes };
}

/** A fresh profile whose pages run the watcher first. */
export async function withContext<T>(
  instrumentation: Instrumentation,
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const launched = await launchContext({ viewport: { width: 360, height: 640 } });
  try {
    await launched.context.addInitScript(watchForReady, instrumentation);
    return await use(launched.context);
  } finally {
    await launched.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Opens the page once and waits until its service worker controls it. */
export async function installServiceWorker(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await page.waitForFunction(() => window.__benchNameShownAt !== undefined, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  return page;
}

/** Waits until the service worker controls the page, the precache is complete and IndexedDB holds the user. */
export async function prepareForWarmStart(context: BrowserContext, url: string): Promise<void> {
  const page = await installServiceWorker(context, url);
  // The user the session check stored in IndexedDB (src/state/persist.ts).
  await waitUntil(async () => (await readStored(page, APP_STATE, 'user')) !== undefined, 60_000);
  await page.close();
}

/** Timed visits of `url`: `runs` cold ones, each in a fresh profile, then `runs` warm ones in one profile. */
async function coldAndWarm(
  url: string,
  instrumentation: Instrumentation,
  runs: number,
  isApp: boolean,
): Promise<{ cold: BrowserRun[]; warm: BrowserRun[] }> {
  const cold: BrowserRun[] = [];
  for (let run = 0; run < runs; run++) {
    cold.push(
      await withContext(instrumentation, (context) => timedVisit(context, `${url}/dashboard`, isApp)),
    );
  }
  const warm = await withContext(instrumentation, async (context) => {
    if (isApp) await prepareForWarmStart(context, url);
    else await (await installServiceWorker(context, url)).close();
    const visits: BrowserRun[] = [];
    for (let run = 0; run < runs; run++) visits.push(await timedVisit(context, `${url}/dashboard`, isApp));
    return visits;
  });
  return { cold, warm };
}

const medianOf = (runs: BrowserRun[], of: (run: BrowserRun) => number) => median(runs.map(of));

export async function benchBrowser(
  url: string,
  token: string,
  name: string,
  runs = 5,
): Promise<BrowserResult> {
  const floorServer = await startFloorServer();
  const floorRuns = await coldAndWarm(floorServer.url, { greeting: FLOOR_GREETING }, runs, false).finally(
    () => floorServer.close(),
  );
  const { cold, warm } = await coldAndWarm(url, { token, greeting: `Hello, ${name}` }, runs, true);
  return {
    runs,
    cold,
    warm,
    coldMedianMs: medianOf(cold, (run) => run.nameShownMs),
    warmMedianMs: medianOf(warm, (run) => run.nameShownMs),
    coldMedianBytes: medianOf(cold, (run) => run.bytes),
    maxCls: Math.max(...cold.map((run) => run.cls), ...warm.map((run) => run.cls)),
    floors: {
      ...floorRuns,
      coldMedianMs: medianOf(floorRuns.cold, (run) => run.nameShownMs),
      warmMedianMs: medianOf(floorRuns.warm, (run) => run.nameShownMs),
    },
    loadAverage: os.loadavg()[0] ?? NaN,
  };
}
