import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.DATABASE_URL);

/**
 * The slow system tests (fuzzing, durability, spawned server processes) are projects of their own,
 * so `--project api-pglite` runs the fast server tests alone; `npm test` and CI run them all.
 */
const SYSTEM_TESTS = [
  'server/fuzz/*.test.ts',
  'server/durability.test.ts',
  'server/main.test.ts',
  'server/shutdown.test.ts',
  'server/database-restart.test.ts',
  'server/two-instances.test.ts',
];

/** The checks of the sources that need neither a build, a browser nor a server. */
const SOURCE_CHECKS = [
  'test/catalogues.test.ts',
  'test/migration-snapshot.test.ts',
  'test/prerender-dashboard.test.ts',
  'test/ui-literals.test.ts',
];

/** The checks that read the production build in `dist/` (`npm run build` first). */
const BUILD_CHECKS = ['test/build-output.test.ts', 'test/bundle-budgets.test.ts'];

/**
 * The test files under `folder` that replace a module with `vi.mock`. The API and component projects
 * run their files one after another in each worker on one module graph (`isolate: false`: starting
 * a fresh graph per file was half of their time); a mock cannot replace a module that graph already
 * holds, so these files run in a project of their own, `<project>-mocks`, each in a fresh one.
 */
function filesMockingModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}

/** A project sharing one module graph per worker, and its `-mocks` twin for the files that mock. */
function sharedGraphProjects<Test extends { name: string; include: string[]; exclude?: string[] }>(
  test: Test,
  mocking: string[],
) {
  return [
    { test: { ...test, exclude: [...(test.exclude ?? []), ...mocking], isolate: false } },
    // The project's own exclusions (the system tests) still hold for its twin.
    { test: { ...test, name: `${test.name}-mocks`, include: mocking } },
  ];
}

const SERVER_MOCKING = filesMockingModules('server');

const serverTest = (name: string, database: 'pglite' | 'postgres', system: boolean) => ({
  name,
  include: system ? SYSTEM_TESTS : ['server/**/*.test.ts'],
  exclude: system ? [] : SYSTEM_TESTS,
  environment: 'node' as const,
  env: { TEST_DATABASE: database },
  globalSetup: database === 'pglite' ? ['server/testing/migrated-pglite.ts'] : [],
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

/** The API suite on one database: the system tests (spawned processes, restarts) stay isolated. */
const apiProjects = (name: string, database: 'pglite' | 'postgres') =>
  sharedGraphProjects(serverTest(name, database, false), SERVER_MOCKING);
const systemProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: serverTest(name, database, true),
});

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, which mostly waits: one worker on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'common', include: ['common/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'sw',
          include: ['sw/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...sharedGraphProjects(
        {
          name: 'pwa',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom' as const,
          setupFiles: ['src/testing/setup.ts'],
        },
        filesMockingModules('src'),
      ),
      ...apiProjects('api-pglite', 'pglite'),
      systemProject('system-pglite', 'pglite'),
      ...(postgres
        ? [...apiProjects('api-postgres', 'postgres'), systemProject('system-postgres', 'postgres')]
        : []),
      { test: { name: 'static', include: SOURCE_CHECKS, environment: 'node' } },
      { test: { name: 'build', include: BUILD_CHECKS, environment: 'node' } },
      {
        test: {
          name: 'browser',
          include: ['test/**/*.test.ts'],
          exclude: [...SOURCE_CHECKS, ...BUILD_CHECKS],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
