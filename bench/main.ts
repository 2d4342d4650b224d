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
import { findChromium } from '../test/support/chromium';
import { benchBrowser } from './browser';
import { seededDatabase, type BenchDatabase, type DatabaseKind } from './databases';
import { measure, scenarios } from './load';
import { makePagesForStrangers, timePagesForStrangers } from './pages-for-strangers';
import {
  browserTable,
  checkBrowserTargets,
  checkTargets,
  markdownReport,
  targetsTable,
  tierTable,
  type BenchResults,
  type TierResult,
} from './report';
import { startServer } from './server';

const HELP = `npm run bench -- [options]
  --tiers 10000,100000,1000000   vehicle counts to seed (default: all three)
  --databases pglite,postgres    (default: pglite, and postgres when DATABASE_URL is set)
  --endpoints getVehicleOwner,sendMessage   only the endpoints whose name contains one of these
  --seconds 10 --warmup 2 --connections 50
  --instances 1                  servers per tier on the same database, the connections shared out among them
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
    instances: { type: 'string', default: '1' },
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
  instances: Number(args.instances),
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

interface ReadyTier {
  vehicles: number;
  seedSeconds: number;
  tokens: string[];
  database: BenchDatabase;
  servers: Awaited<ReturnType<typeof startServer>>[];
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
      const seeded = await seededDatabase(kind, vehicles, adminUrl);
      const tier: ReadyTier = { vehicles, ...seeded, servers: [] };
      ready.push(tier);
      console.log(`seeded in ${seeded.seedSeconds.toFixed(1)} s`);
      const nodeArgs = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      for (let instance = 0; instance < load.instances; instance++) {
        tier.servers.push(await startServer(seeded.database.env, { nodeArgs }));
      }
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
        const urls = tier.servers.map((server) => server.url);
        if (!scenario || urls.length === 0) continue;
        await measure(urls, scenario, {
          connections: load.connections,
          seconds: load.warmupSeconds,
        });
        const serversCpuMs = () => tier.servers.reduce((sum, server) => sum + server.cpuMs(), 0);
        const cpuBefore = serversCpuMs();
        const measured = await measure(urls, scenario, load);
        measured.serverCpuMsPerRequest = (serversCpuMs() - cpuBefore) / measured.requests;
        console.log(
          `${tier.vehicles.toLocaleString('en-US')} vehicles, ${measured.endpoint}: ${Math.round(measured.rps)} req/s, ` +
            `p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms, ${measured.errors} errors, ` +
            `server CPU ${measured.serverCpuMsPerRequest.toFixed(3)} ms/request`,
        );
        results[position]?.measurements.push(measured);
      }
    }
    for (const result of results) console.log(`\n${kind}, ${result.vehicles} vehicles\n${tierTable(result)}`);
    return results;
  } finally {
    for (const tier of ready) {
      for (const server of tier.servers) await server.stop();
      await tier.database.drop();
    }
  }
}

async function benchApp() {
  const { database, tokens } = await seededDatabase('pglite', Math.min(...tiers));
  const server = await startServer(database.env);
  try {
    const token = tokens[0] ?? '';
    const pages = await makePagesForStrangers(server.url, token);
    const result = await benchBrowser(server.url, token, 'Owner 1');
    return { ...result, strangerPages: await timePagesForStrangers(server.url, pages, result.runs) };
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
    console.log(`\n${browserTable(results.browser)}`);
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
