/**
 * `npm run bench:trace`: where a start of the dashboard spends its time. Seeds a small PGlite
 * database, serves the production build, and records one cold and one warm start of the floors
 * (floor-page.ts) and then of the app (the bench's 4× CPU
 * slowdown and slow 4G) with Chromium's tracing; prints, for each, the resources the page fetched
 * (start → end, ms from navigation) and the renderer main thread's tasks over 4 ms up to the
 * greeting, and writes the traces to a temporary folder for the Performance panel.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { openDatabase } from '../server/db/database';
import { launchContext } from '../test/support/chromium';
import {
  installServiceWorker,
  prepareForWarmStart,
  throttledPage,
  watchForReady,
  type Instrumentation,
} from './browser';
import { FLOOR_GREETING, startFloorServer } from './floor-page';
import { createDatabase } from './databases';
import { seed } from './seed';
import { startServer } from './server';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
].join(',');
const SHOWN_TASK_MS = 4;

async function tracedVisit(context: BrowserContext, url: string, label: string, folder: string) {
  const { page, cdp } = await throttledPage(context);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(`${url}/dashboard`);
  await page.waitForFunction(() => window.__benchNameShownAt !== undefined, undefined, { timeout: 60_000 });
  await cdp.send('Tracing.end');
  await complete;
  const { shownAt, resources } = await page.evaluate(() => ({
    shownAt: window.__benchNameShownAt ?? NaN,
    resources: performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  }));
  await page.close();
  await writeFile(path.join(folder, `${label}.json`), JSON.stringify({ traceEvents: events }));

  console.log(`\n${label}: greeting at ${Math.round(shownAt)} ms\nresources (start → end ms):`);
  for (const resource of resources.filter((entry) => entry.start < shownAt)) {
    console.log(
      `  ${Math.round(resource.start)} → ${Math.round(resource.end)}  ${new URL(resource.name).pathname}`,
    );
  }
  // The page's main thread is the one that starts its navigation (other renderers are in the trace too).
  const main = events.find((event) => event.name === 'navigationStart');
  if (!main) return;
  const navigation = main;
  const tasks = events.filter(
    (event) =>
      event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.name === 'RunTask',
  );
  const within = (event: TraceEvent, task: TraceEvent) =>
    event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0);
  const details = events.filter(
    (event) =>
      event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.name !== 'RunTask',
  );
  console.log(`main thread tasks over ${SHOWN_TASK_MS} ms (start ms, duration ms, what runs longest in it):`);
  let busy = 0;
  for (const task of tasks) {
    const start = (task.ts - navigation.ts) / 1000;
    const duration = (task.dur ?? 0) / 1000;
    if (start < 0 || start > shownAt) continue;
    busy += duration;
    if (duration < SHOWN_TASK_MS) continue;
    const inside = details
      .filter((event) => within(event, task) && (event.dur ?? 0) > 1000)
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 3)
      .map((event) => {
        const where = event.args?.data?.url ? ` ${path.basename(event.args.data.url)}` : '';
        return `${event.name}${where} ${((event.dur ?? 0) / 1000).toFixed(0)}`;
      });
    console.log(`  ${start.toFixed(0)}  ${duration.toFixed(0)}  ${inside.join('; ')}`);
  }
  console.log(`main thread busy ${busy.toFixed(0)} ms of ${shownAt.toFixed(0)} ms`);
}

/** The floors' starts, traced the same way, to read the app's against (floor-page.ts). */
async function traceFloors(folder: string): Promise<void> {
  const floor = await startFloorServer();
  try {
    for (const kind of ['cold', 'warm'] as const) {
      const launched = await launchContext({ viewport: { width: 360, height: 640 } });
      try {
        await launched.context.addInitScript(watchForReady, { greeting: FLOOR_GREETING });
        if (kind === 'warm') await (await installServiceWorker(launched.context, floor.url)).close();
        await tracedVisit(launched.context, floor.url, `${kind}-floor`, folder);
      } finally {
        await launched.close();
      }
    }
  } finally {
    await floor.close();
  }
}

const database = await createDatabase('pglite');
const opened = await openDatabase(database.config);
const [token] = await seed(opened.db, 10_000).finally(() => opened.close());
const server = await startServer(database.env);
const folder = await mkdtemp(path.join(os.tmpdir(), 'vahan-trace-'));
const instrumentation: Instrumentation = { token, greeting: 'Hello, Owner 1' };
try {
  await traceFloors(folder);
  for (const kind of ['cold', 'warm'] as const) {
    const launched = await launchContext({ viewport: { width: 360, height: 640 } });
    try {
      await launched.context.addInitScript(watchForReady, instrumentation);
      if (kind === 'warm') await prepareForWarmStart(launched.context, server.url);
      await tracedVisit(launched.context, server.url, kind, folder);
    } finally {
      await launched.close();
    }
  }
  console.log(`\nTraces (open in the Performance panel): ${folder}`);
} finally {
  await server.stop();
  await database.drop();
}
