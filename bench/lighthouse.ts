/**
 * `npm run lighthouse`: Lighthouse on /login and on the pages for strangers (a windscreen card, a
 * wiper slip with its note) in mobile emulation, simulated slow 4G and 4× CPU (its defaults), against
 * the production build served by the real server, in Debian's Chromium. Performance varies from run to
 * run, so every one of `--runs` (default 3) runs in a row of each page must reach the targets: it fails
 * when the lowest score of a category is under 100 / 100 / 100. Writes bench/results/lighthouse.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runLighthouse, type Category, type LighthouseResult } from '../test/support/lighthouse';
import { seededDatabase } from './databases';
import { makePagesForStrangers } from './pages-for-strangers';
import { startServer } from './server';

const TARGETS: Record<Category, number> = { performance: 100, accessibility: 100, 'best-practices': 100 };
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

/** A small population: enough owners for the seed, one of them making the card and the slip. */
const VEHICLES = 2000;

const { database, tokens } = await seededDatabase('pglite', VEHICLES);
const server = await startServer(database.env);
interface PageResult {
  path: string;
  runs: LighthouseResult[];
  scores: Record<Category, number>;
}
const pages: PageResult[] = [];
try {
  const strangerPages = await makePagesForStrangers(server.url, tokens[0] ?? '');
  for (const pagePath of ['/login', ...strangerPages.map((page) => page.path)]) {
    const results: LighthouseResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await runLighthouse(`${server.url}${pagePath}`, CATEGORIES);
      console.log(
        `${pagePath}, run ${run}: ${CATEGORIES.map((category) => `${category} ${result.scores[category]}`).join(', ')}`,
      );
      results.push(result);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.min(...results.map((result) => result.scores[category] ?? 0)),
      ]),
    ) as Record<Category, number>;
    pages.push({ path: pagePath, runs: results, scores });
  }
} finally {
  await server.stop();
  await database.drop();
}

const missed: string[] = [];
for (const { path: pagePath, runs: results, scores } of pages) {
  const last = results.at(-1);
  console.log(`\nLighthouse ${last?.version} on ${pagePath} (the lowest of ${runs} runs):`);
  for (const category of CATEGORIES) {
    console.log(`  ${category}: ${scores[category]} (target ≥ ${TARGETS[category]})`);
    if (scores[category] < TARGETS[category]) missed.push(`${pagePath} ${category}`);
  }
  for (const audit of last?.failedAudits ?? []) {
    console.log(`  below 1 in ${audit.category}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
  }
  for (const audit of last?.erroredAudits ?? [])
    console.log(`  audit crashed (not scored): ${audit.id}: ${audit.message}`);
}

const resultsDir = path.join('bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'lighthouse.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, runs, pages }, null, 2)}\n`,
);

if (missed.length > 0) {
  console.error(`\nUnder target: ${missed.join(', ')}`);
  process.exit(1);
}
