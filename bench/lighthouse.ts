/**
 * `npm run lighthouse`: Lighthouse on /login (mobile emulation, simulated slow 4G and 4× CPU, its
 * defaults) against the production build served by the real server, in Debian's Chromium.
 * Performance varies from run to run, so it takes the median of `--runs` (default 3); accessibility
 * and best practices are the same every run. Fails under 95 / 100 / 100. Writes
 * bench/results/lighthouse.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runLighthouse, type Category, type LighthouseResult } from '../test/support/lighthouse';
import { createDatabase } from './databases';
import { startServer } from './server';

const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100 };
const CATEGORIES = Object.keys(TARGETS) as Category[];

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number ≥ 1');
  process.exit(2);
}

if (!existsSync('dist/index.html')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const database = await createDatabase('pglite');
const server = await startServer(database.env);
const results: LighthouseResult[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    const result = await runLighthouse(`${server.url}/login`, CATEGORIES);
    console.log(
      `run ${run}: ${CATEGORIES.map((category) => `${category} ${result.scores[category]}`).join(', ')}`,
    );
    results.push(result);
  }
} finally {
  await server.stop();
  await database.drop();
}

const scores = Object.fromEntries(
  CATEGORIES.map((category) => [category, median(results.map((result) => result.scores[category] ?? 0))]),
) as Record<Category, number>;
const last = results.at(-1);
console.log(`\nLighthouse ${last?.version} on /login (median of ${runs}):`);
for (const category of CATEGORIES) {
  console.log(`  ${category}: ${scores[category]} (target ≥ ${TARGETS[category]})`);
}
for (const audit of last?.failedAudits ?? []) {
  console.log(`  below 1 in ${audit.category}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
}
for (const audit of last?.erroredAudits ?? [])
  console.log(`  audit crashed (not scored): ${audit.id}: ${audit.message}`);

const resultsDir = path.join('bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'lighthouse.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, runs, scores, results }, null, 2)}\n`,
);

const missed = CATEGORIES.filter((category) => scores[category] < TARGETS[category]);
if (missed.length > 0) {
  console.error(`\nUnder target: ${missed.join(', ')}`);
  process.exit(1);
}
