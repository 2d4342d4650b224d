/**
 * Size budgets of the production build in dist/ (npm test runs `vite build` first), gzipped as the
 * server sends them, with 1 KB = 1024 bytes. The chunk graph comes from Vite's build manifest
 * (dist/.vite/manifest.json): a chunk's static `imports` load before it runs, its `dynamicImports`
 * only on demand. A budget that is exceeded fails with a table of what is over.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, gzipSize, KB, kb } from './support/build-sizes';

const BUDGETS = {
  firstLoadJs: 110 * KB,
  firstLoadCss: 15 * KB,
  routeJs: 20 * KB,
  serviceWorker: 50 * KB,
};

/** The login screen: the chunk the first load of /login adds to the entry. */
const LOGIN_ROUTE = 'src/features/auth/login-page.tsx';

/** Strings only the code used after sign-in (or Firebase) contains; none may be in the first load. */
const SIGNED_IN_ONLY_MARKERS = [
  'firebase-heartbeat-database',
  'fcmregistrations.googleapis.com',
  '/api/users/validateUser',
  '/api/users/events',
  '/api/users/unreadNotifications',
  '/api/users/getVehicleOwner',
  '/api/users/getMyVehicles',
  '/api/users/fcmToken',
];

interface ViteChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface Measured {
  what: string;
  files: string[];
  bytes: number;
  budget: number;
}

let chunks: Map<string, ViteChunk>;

function chunk(key: string): ViteChunk {
  const found = chunks.get(key);
  if (!found) throw new Error(`${key} is not in the build manifest`);
  return found;
}

/** The chunk and everything it imports statically, transitively (manifest keys). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk(key).imports ?? []) staticClosure(imported, seen);
  return seen;
}

const jsFiles = (keys: Iterable<string>) => [...keys].map((key) => chunk(key).file);
const cssFiles = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => chunk(key).css ?? []))];
const total = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(file), 0);

function measure(what: string, files: string[], budget: number): Measured {
  return { what, files, bytes: total(files), budget };
}

/** A plain-text table of the measured sizes, for the failure message. */
function table(rows: Measured[]): string {
  const lines = rows.map((row) => [row.what, kb(row.bytes), kb(row.budget), row.files.join(' ')]);
  const header = ['what', 'gzip', 'budget', 'files'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  return [format(header), ...lines.map(format)].join('\n');
}

function expectWithinBudget(rows: Measured[]): void {
  const over = rows.filter((row) => row.bytes > row.budget);
  expect(
    over.map((row) => row.what),
    `over budget:\n${table(over)}`,
  ).toEqual([]);
}

let entryKeys: Set<string>;
let firstLoadKeys: Set<string>;

beforeAll(() => {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error('dist/.vite/manifest.json is missing: run `npx vite build` first (npm test does).');
  }
  chunks = new Map(
    Object.entries(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteChunk>),
  );
  const entries = [...chunks].filter(([, found]) => found.isEntry === true).map(([key]) => key);
  expect(entries, 'one entry chunk').toHaveLength(1);
  entryKeys = staticClosure(entries[0] ?? '');
  firstLoadKeys = staticClosure(LOGIN_ROUTE, new Set(entryKeys));
});

describe('the first load of /login', () => {
  it('needs at most 110 KB of JavaScript: the entry, its static imports and the login screen', () => {
    expectWithinBudget([measure('first load of /login: JS', jsFiles(firstLoadKeys), BUDGETS.firstLoadJs)]);
  });

  it('needs at most 15 KB of CSS', () => {
    expectWithinBudget([measure('first load of /login: CSS', cssFiles(firstLoadKeys), BUDGETS.firstLoadCss)]);
  });

  it('carries neither Firebase nor anything used only after sign-in', () => {
    const found = jsFiles(firstLoadKeys).flatMap((file) => {
      const code = readFileSync(join(DIST, file), 'utf8');
      return SIGNED_IN_ONLY_MARKERS.filter((marker) => code.includes(marker)).map(
        (marker) => `${file}: ${marker}`,
      );
    });
    expect(found).toEqual([]);
  });

  it('loads no screen but the login screen', () => {
    const screens = [...firstLoadKeys].filter((key) => chunks.get(key)?.isDynamicEntry === true);
    expect(screens).toEqual([LOGIN_ROUTE]);
  });
});

describe('route chunks', () => {
  it('each add at most 20 KB of JavaScript to what the entry loaded', () => {
    const routes = [...chunks].filter(
      ([key, found]) => found.isDynamicEntry === true && key.startsWith('src/'),
    );
    expect(routes.length).toBeGreaterThan(1);
    expectWithinBudget(
      routes.map(([key]) => {
        const added = [...staticClosure(key)].filter((loaded) => !entryKeys.has(loaded));
        return measure(`route ${key}`, jsFiles(added), BUDGETS.routeJs);
      }),
    );
  });
});

describe('the service worker', () => {
  it('is at most 50 KB', () => {
    expectWithinBudget([measure('service worker', ['sw.js'], BUDGETS.serviceWorker)]);
  });
});
