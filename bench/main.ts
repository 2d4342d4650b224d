/**
 * `npm run bench`: seeds each tier on PGlite (and on PostgreSQL when DATABASE_URL is set), loads the
 * real server with autocannon, times the app in a throttled Chromium, and writes
 * bench/results/<out>.json and .md. `npm run bench -- --help` lists the options.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database';
import { findChromium } from '../test/support/chromium';
import { benchBrowser } from './browser';
import { createDatabase, type DatabaseKind } from './databases';
import { measure, scenarios } from './load';
import {
  checkBrowserTargets,
  checkTargets,
  markdownReport,
  targetsTable,
  tierTable,
  type BenchResults,
  type TierResult,
} from './report';
import { seed } from './seed';
import { startServer } from './server';

const HELP = `npm run bench -- [options]
  --tiers 10000,100000,1000000   vehicle counts to seed (default: all three)
  --databases pglite,postgres    (default: pglite, and postgres when DATABASE_URL is set)
  --endpoints getVehicleOwner,sendMessage   only the endpoints whose name contains one of these
  --seconds 10 --warmup 2 --connections 50
  --no-api / --no-browser        skip the API load or the browser part
  --cpu-prof                     profile the server (node --cpu-prof) into a temporary folder
  --out latest                   results go to bench/results/<out>.json and .md`;

const { values: args } = parseArgs({
  options: {
    tiers: { type: 'string', default: '10000,100000,1000000' },
    databases: { type: 'string' },
    endpoints: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'no-api': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: 'latest' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const numbers = (list: string) => list.split(',').map((item) => Number(item.trim()));
const tiers = numbers(args.tiers);
const load = {
  connections: Number(args.connections),
  seconds: Number(args.seconds),
  warmupSeconds: Number(args.warmup),
};
const adminUrl = process.env.DATABASE_URL || undefined;
const databases = (args.databases?.split(',') ?? [
  'pglite',
  ...(adminUrl ? ['postgres'] : []),
]) as DatabaseKind[];
const endpointFilter = args.endpoints?.split(',').map((word) => word.trim().toLowerCase());
const profileDir = path.join(os.tmpdir(), `vahan-cpu-prof-${Date.now()}`);

if ([...tiers, ...Object.values(load)].some((value) => !Number.isFinite(value) || value <= 0)) {
  console.error(`Bad option.\n${HELP}`);
  process.exit(2);
}

/** The browser part and the server's static files need a production build. */
function ensureBuilt(): void {
  if (existsSync('dist/index.html')) return;
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A fresh database with `vehicles` vehicles; answers it with the load users' tokens. */
async function seededDatabase(kind: DatabaseKind, vehicles: number) {
  const database = await createDatabase(kind, adminUrl);
  const started = performance.now();
  const opened = await openDatabase(database.config);
  try {
    const tokens = await seed(opened.db, vehicles);
    return { database, tokens, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await opened.close();
  }
}

interface ReadyTier {
  vehicles: number;
  seedSeconds: number;
  tokens: string[];
  database: Awaited<ReturnType<typeof createDatabase>>;
  server?: Awaited<ReturnType<typeof startServer>>;
}

const chosen = (name: string) =>
  name.includes('floor') ||
  !endpointFilter ||
  endpointFilter.some((word) => name.toLowerCase().includes(word));

/**
 * Seeds every tier and starts a server on each, then measures endpoint by endpoint, tier after
 * tier: the runs an endpoint is compared across are taken close together, so a change in what
 * else the machine is doing skews them alike.
 */
async function benchDatabase(kind: DatabaseKind): Promise<TierResult[]> {
  const ready: ReadyTier[] = [];
  try {
    for (const vehicles of tiers) {
      console.log(`\n${kind}, ${vehicles.toLocaleString('en-US')} vehicles: seeding…`);
      const seeded = await seededDatabase(kind, vehicles);
      const tier: ReadyTier = { vehicles, ...seeded };
      ready.push(tier);
      console.log(`seeded in ${seeded.seedSeconds.toFixed(1)} s`);
      const nodeArgs = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      tier.server = await startServer(seeded.database.env, { nodeArgs });
    }
    const results: TierResult[] = ready.map(({ vehicles, seedSeconds }) => ({
      database: kind,
      vehicles,
      seedSeconds,
      measurements: [],
    }));
    const plans = ready.map((tier) => scenarios(tier.vehicles, tier.tokens).filter((s) => chosen(s.name)));
    for (let index = 0; index < (plans[0]?.length ?? 0); index++) {
      for (const [position, tier] of ready.entries()) {
        const scenario = plans[position]?.[index];
        if (!scenario || !tier.server) continue;
        await measure(tier.server.url, scenario, {
          connections: load.connections,
          seconds: load.warmupSeconds,
        });
        const measured = await measure(tier.server.url, scenario, load);
        console.log(
          `${tier.vehicles.toLocaleString('en-US')} vehicles, ${measured.endpoint}: ${Math.round(measured.rps)} req/s, ` +
            `p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms, ${measured.errors} errors`,
        );
        results[position]?.measurements.push(measured);
      }
    }
    for (const result of results) console.log(`\n${kind}, ${result.vehicles} vehicles\n${tierTable(result)}`);
    return results;
  } finally {
    for (const tier of ready) {
      await tier.server?.stop();
      await tier.database.drop();
    }
  }
}

async function benchApp() {
  const { database, tokens } = await seededDatabase('pglite', Math.min(...tiers));
  const server = await startServer(database.env);
  try {
    return await benchBrowser(server.url, tokens[0] ?? '', 'Owner 1');
  } finally {
    await server.stop();
    await database.drop();
  }
}

ensureBuilt();
const results: BenchResults = {
  startedAt: new Date().toISOString(),
  loadAverageAtStart: os.loadavg()[0] ?? NaN,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version },
  load,
  tiers: [],
  targets: [],
};
// The browser part first: after the API load, the database server is still busy writing out and
// dropping the large tiers for a while.
if (!args['no-browser']) {
  if (findChromium()) {
    results.browser = await benchApp();
    results.targets.push(...checkBrowserTargets(results.browser));
    console.log(
      `\nbrowser: cold median ${Math.round(results.browser.coldMedianMs)} ms, warm median ${Math.round(results.browser.warmMedianMs)} ms, max CLS ${results.browser.maxCls.toFixed(3)}`,
    );
  } else {
    console.warn('No Chromium (CHROMIUM_PATH or /usr/bin/chromium): the browser part is skipped.');
  }
}

if (!args['no-api']) {
  for (const kind of databases) results.tiers.push(...(await benchDatabase(kind)));
  results.targets.push(...checkTargets(results.tiers));
  if (args['cpu-prof']) console.log(`\nCPU profiles of the server: ${profileDir}`);
}

if (results.targets.length > 0) console.log(`\n${targetsTable(results.targets)}`);

const resultsDir = path.join('bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, `${args.out}.json`), `${JSON.stringify(results, null, 2)}\n`);
await writeFile(path.join(resultsDir, `${args.out}.md`), markdownReport(results));
console.log(`\nWritten: bench/results/${args.out}.json and .md`);
