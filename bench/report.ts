/** The bench's tables (printed and written as Markdown) and its targets. */
import type { BrowserResult, BrowserRun } from './browser';
import type { DatabaseKind } from './databases';
import { FLOOR, SEARCH, type Measurement } from './load';

export interface TierResult {
  database: DatabaseKind;
  vehicles: number;
  seedSeconds: number;
  measurements: Measurement[];
}

export interface BenchResults {
  startedAt: string;
  /** The machine's 1-minute load average when the bench started. */
  loadAverageAtStart: number;
  machine: { cpus: number; cpuModel: string; node: string };
  load: { connections: number; seconds: number; warmupSeconds: number; instances: number };
  tiers: TierResult[];
  targets: Target[];
  browser?: BrowserResult;
}

export interface Target {
  /** Where it was measured: a database's API tiers, or the browser part. */
  database: DatabaseKind | 'browser';
  what: string;
  measured: string;
  met: boolean;
}

/** The target for the owner search's p99 as a multiple of the floor's, in the same run. */
const TARGET_SEARCH_P99_FLOORS = 2;
/** The target for each endpoint's throughput as a share of the floor's, in the same run. */
const TARGET_FLOOR_SHARES: Record<string, number> = {
  [SEARCH]: 0.4,
  'GET validateUser': 0.5,
  'GET getMyVehicles': 0.25,
  'GET unreadNotifications': 0.25,
  'POST sendMessage': 0.1,
};
const TARGET_P50_GROWTH = 1.5;
/** The targets for the starts as multiples of the floors measured in the same run (floor-page.ts). */
const TARGET_WARM_FLOORS = 2;
const TARGET_COLD_FLOORS = 4;
/** A page for strangers is usable within this multiple of the cold floor. */
const TARGET_STRANGER_PAGE_FLOORS = 1.5;

const ms = (value: number) => value.toFixed(2);
const thousands = (value: number) => value.toLocaleString('en-US');

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const floorOf = (tier: TierResult) => tier.measurements.find((m) => m.endpoint === FLOOR)?.rps ?? NaN;

export function tierTable(tier: TierResult): string {
  const floor = floorOf(tier);
  return markdownTable(
    [
      'endpoint',
      'requests',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      '× floor',
      'server CPU ms/req',
      'load avg',
    ],
    tier.measurements.map((m) => [
      m.endpoint,
      thousands(m.requests),
      thousands(Math.round(m.rps)),
      ms(m.p50),
      ms(m.p99),
      String(m.errors),
      (m.rps / floor).toFixed(2),
      m.serverCpuMsPerRequest?.toFixed(3) ?? '–',
      m.loadAverage.toFixed(1),
    ]),
  );
}

/** The targets, checked on every database measured (they are set for PostgreSQL). */
export function checkTargets(tiers: TierResult[]): Target[] {
  const targets: Target[] = [];
  for (const database of new Set(tiers.map((tier) => tier.database))) {
    const ofDatabase = tiers
      .filter((tier) => tier.database === database)
      .sort((a, b) => a.vehicles - b.vehicles);
    for (const tier of ofDatabase) {
      const search = tier.measurements.find((m) => m.endpoint === SEARCH);
      const at = `${thousands(tier.vehicles)} vehicles`;
      const floorP99 = tier.measurements.find((m) => m.endpoint === FLOOR)?.p99 ?? NaN;
      if (search) {
        targets.push({
          database,
          what: `owner search p99 ≤ ${TARGET_SEARCH_P99_FLOORS} × the floor's p99 (${at})`,
          measured: `${ms(search.p99)} ms ÷ ${ms(floorP99)} ms = ${(search.p99 / floorP99).toFixed(2)} ×`,
          met: search.p99 <= TARGET_SEARCH_P99_FLOORS * floorP99,
        });
      }
      for (const m of tier.measurements) {
        const target = TARGET_FLOOR_SHARES[m.endpoint];
        if (target === undefined) continue;
        const share = m.rps / floorOf(tier);
        targets.push({
          database,
          what: `${m.endpoint} ≥ ${target.toFixed(2)} × the floor's throughput (${at})`,
          measured: `${share.toFixed(2)} ×`,
          met: share >= target,
        });
      }
      const errors = tier.measurements.reduce((sum, m) => sum + m.errors, 0);
      targets.push({ database, what: `zero errors (${at})`, measured: String(errors), met: errors === 0 });
    }
    const smallest = ofDatabase[0];
    const largest = ofDatabase.at(-1);
    if (!smallest || !largest || smallest === largest) continue;
    for (const m of largest.measurements) {
      // The floor touches no data: how its p50 moves shows how much the machine's other work moved.
      if (m.endpoint === FLOOR) continue;
      const before = smallest.measurements.find((other) => other.endpoint === m.endpoint);
      if (!before) continue;
      const growth = m.p50 / before.p50;
      targets.push({
        database,
        what: `${m.endpoint}: p50 grows ≤ ${TARGET_P50_GROWTH}× from ${thousands(smallest.vehicles)} to ${thousands(largest.vehicles)} vehicles`,
        measured: `${ms(before.p50)} → ${ms(m.p50)} ms (${growth.toFixed(2)}×)`,
        met: growth <= TARGET_P50_GROWTH,
      });
    }
  }
  return targets;
}

/** The browser targets: the dashboard greeting, median of the runs, against the same run's floors. */
export function checkBrowserTargets(browser: BrowserResult): Target[] {
  return [
    {
      visit: 'warm',
      median: browser.warmMedianMs,
      floor: browser.floors.warmMedianMs,
      target: TARGET_WARM_FLOORS,
    },
    {
      visit: 'cold',
      median: browser.coldMedianMs,
      floor: browser.floors.coldMedianMs,
      target: TARGET_COLD_FLOORS,
    },
  ]
    .map(({ visit, median, floor, target }) => ({
      what: `${visit} start to the dashboard greeting ≤ ${target} × the ${visit} floor (4× CPU, slow 4G)`,
      median,
      floor,
      target,
    }))
    .concat(
      (browser.strangerPages ?? []).map((page) => ({
        what: `${page.name} page usable (${page.readySelector}) ≤ ${TARGET_STRANGER_PAGE_FLOORS} × the cold floor (fresh profile, 4× CPU, slow 4G)`,
        median: page.coldMedianMs,
        floor: browser.floors.coldMedianMs,
        target: TARGET_STRANGER_PAGE_FLOORS,
      })),
    )
    .map(({ what, median, floor, target }) => ({
      database: 'browser',
      what,
      measured: `${Math.round(median)} ms ÷ ${Math.round(floor)} ms = ${(median / floor).toFixed(2)} ×`,
      met: median <= target * floor,
    }));
}

export function targetsTable(targets: Target[]): string {
  return markdownTable(
    ['database', 'target', 'measured', 'met'],
    targets.map((t) => [t.database, t.what, t.measured, t.met ? 'yes' : '**no**']),
  );
}

export function browserTable(browser: BrowserResult): string {
  const { floors } = browser;
  const row = (visit: string, list: BrowserRun[], medianMs: number, floorMs?: number) => [
    visit,
    String(Math.round(medianMs)),
    floorMs === undefined ? '1.00' : (medianMs / floorMs).toFixed(2),
    list.map((run) => Math.round(run.nameShownMs)).join(', '),
    list.map((run) => thousands(run.bytes)).join(', '),
    Math.max(...list.map((run) => run.cls)).toFixed(3),
  ];
  return markdownTable(
    ['visit', `median of ${browser.runs} (ms)`, '× its floor', 'runs (ms)', 'bytes fetched', 'max CLS'],
    [
      row('cold floor (one line, fresh profile)', floors.cold, floors.coldMedianMs),
      row('warm floor (one line, from a worker’s cache)', floors.warm, floors.warmMedianMs),
      row('cold (fresh profile)', browser.cold, browser.coldMedianMs, floors.coldMedianMs),
      row('warm (service worker + IndexedDB)', browser.warm, browser.warmMedianMs, floors.warmMedianMs),
      ...(browser.strangerPages ?? []).map((page) =>
        row(`${page.name} page, cold (fresh profile)`, page.cold, page.coldMedianMs, floors.coldMedianMs),
      ),
    ],
  );
}

export function markdownReport(results: BenchResults): string {
  const { machine, load } = results;
  const sections = [
    `# Benchmark results (${results.startedAt})`,
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; autocannon, ${load.connections} connections ` +
      `to ${load.instances} instance(s) of the server, ` +
      `${load.seconds} s per endpoint after ${load.warmupSeconds} s of warm-up; the bench, the server and the ` +
      `database share the machine (1-minute load average at the start: ${results.loadAverageAtStart.toFixed(1)}).`,
  ];
  for (const tier of results.tiers) {
    sections.push(
      `## ${tier.database}, ${thousands(tier.vehicles)} vehicles (seeded in ${tier.seedSeconds.toFixed(0)} s)`,
      tierTable(tier),
    );
  }
  if (results.targets.length > 0) sections.push('## Targets', targetsTable(results.targets));
  if (results.browser) {
    sections.push(
      `## Browser: navigation → dashboard greeting the user by name, or a stranger's page usable (4× CPU slowdown, slow 4G; load average ${results.browser.loadAverage.toFixed(1)})`,
      browserTable(results.browser),
    );
  }
  return `${sections.join('\n\n')}\n`;
}
