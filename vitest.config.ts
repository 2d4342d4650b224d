import { defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.DATABASE_URL);

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
      {
        test: {
          name: 'api-pglite',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['server/**/*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
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
