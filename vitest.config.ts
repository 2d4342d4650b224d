import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.DATABASE_URL);

/**
 * The slow system tests (fuzzing, durability, spawned server processes) are projects of their own,
 * so `--project api-pglite` runs the fast server tests alone; `npm test` and CI run them all.
 */
const SYSTEM_TESTS = [
  'server/fuzz.test.ts',
  'server/durability.test.ts',
  'server/main.test.ts',
  'server/shutdown.test.ts',
  'server/database-restart.test.ts',
  'server/two-instances.test.ts',
];

/** The checks of the production build and of the sources that need neither a browser nor a server. */
const STATIC_TESTS = [
  'test/build-output.test.ts',
  'test/bundle-budgets.test.ts',
  'test/catalogues.test.ts',
  'test/ui-literals.test.ts',
];

const serverProject = (name: string, database: 'pglite' | 'postgres', system: boolean) => ({
  test: {
    name,
    include: system ? SYSTEM_TESTS : ['server/**/*.test.ts'],
    exclude: system ? [] : SYSTEM_TESTS,
    environment: 'node' as const,
    env: { TEST_DATABASE: database },
    globalSetup: database === 'pglite' ? ['server/testing/migrated-pglite.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
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
      {
        test: {
          name: 'pwa',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      serverProject('api-pglite', 'pglite', false),
      serverProject('system-pglite', 'pglite', true),
      ...(postgres
        ? [
            serverProject('api-postgres', 'postgres', false),
            serverProject('system-postgres', 'postgres', true),
          ]
        : []),
      { test: { name: 'static', include: STATIC_TESTS, environment: 'node' } },
      {
        test: {
          name: 'browser',
          include: ['test/**/*.test.ts'],
          exclude: STATIC_TESTS,
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
