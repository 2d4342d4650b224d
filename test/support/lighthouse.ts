/**
 * Runs Lighthouse (the latest, installed as `lighthouse-latest`) on a page with its default mobile
 * emulation, in Debian's Chromium, and answers the category scores (0–100) and the audits that
 * failed. Lighthouse 13 declares Node ≥ 22: on Node 20 a few insight audits crash (no iterator
 * helpers); they are reported in `erroredAudits` and the category scores still come out. A run whose
 * trace Lighthouse itself could not record (it says "Please run Lighthouse again") is tried again.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_FLAGS, findChromium } from './chromium';

export type Category = 'performance' | 'accessibility' | 'best-practices';

interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  errorMessage?: string;
}

interface LighthouseReport {
  lighthouseVersion: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LighthouseAudit>;
}

export interface LighthouseResult {
  version: string;
  scores: Partial<Record<Category, number>>;
  /** Audits of the categories run that scored below 1 (and count towards a score). */
  failedAudits: { category: string; id: string; title: string; score: number; displayValue?: string }[];
  erroredAudits: { id: string; message: string }[];
  metrics: Record<string, string>;
}

const cli = createRequire(import.meta.url).resolve('lighthouse-latest/cli/index.js');
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** How often a run is tried when Lighthouse itself says its trace went wrong and asks to run it again. */
const TRIES = 3;

/** Lighthouse's own verdict on a run that failed for its tracing, not for the page (NO_NAVSTART, …). */
const asksToRunAgain = (error: unknown) =>
  error instanceof Error && error.message.includes('Please run Lighthouse again');

export async function runLighthouse(url: string, categories: Category[]): Promise<LighthouseResult> {
  for (let tried = 1; ; tried++) {
    try {
      return await runOnce(url, categories);
    } catch (error) {
      if (tried >= TRIES || !asksToRunAgain(error)) throw error;
      console.warn(`Lighthouse asked to run ${url} again (try ${tried} of ${TRIES})`);
    }
  }
}

async function runOnce(url: string, categories: Category[]): Promise<LighthouseResult> {
  const chromium = findChromium();
  if (!chromium) throw new Error('No Chromium (set CHROMIUM_PATH or install chromium)');
  const folder = await mkdtemp(path.join(tmpdir(), 'vahan-lighthouse-'));
  const output = path.join(folder, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromium }, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(await readFile(output, 'utf8')) as LighthouseReport;
    if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
    return summarise(report, categories);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function summarise(report: LighthouseReport, categories: Category[]): LighthouseResult {
  const scores: LighthouseResult['scores'] = {};
  const failedAudits: LighthouseResult['failedAudits'] = [];
  for (const category of categories) {
    const found = report.categories[category];
    if (!found || found.score === null) throw new Error(`Lighthouse gave no ${category} score`);
    scores[category] = Math.round(found.score * 100);
    for (const ref of found.auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failedAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
      });
    }
  }
  const erroredAudits = Object.values(report.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => ({ id: audit.id, message: audit.errorMessage ?? '' }));
  const metrics = Object.fromEntries(
    METRICS.flatMap((id) => {
      const value = report.audits[id]?.displayValue;
      return value === undefined ? [] : [[id, value]];
    }),
  );
  return { version: report.lighthouseVersion, scores, failedAudits, erroredAudits, metrics };
}
