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

const serverProject = (name: string, database: 'pglite' | 'postgres', system: boolean) => ({
  test: {
    name,
    include: system ? SYSTEM_TESTS : ['server/**/*.test.ts'],
    exclude: system ? [] : SYSTEM_TESTS,
    environment: 'node' as const,
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
      {
        test: {
          name: 'browser',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
