import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Config } from '../config';
import { createPostgresDatabase } from './postgres-database';

export interface TestDatabase {
  config: Config['database'];
  drop(): Promise<void>;
}

let migratedImage: Promise<Blob> | undefined;

/** Read once per test file: the migrated PGlite that `migrated-pglite.ts` dumped for the project. */
function readMigratedImage(): Promise<Blob> {
  return (migratedImage ??= readFile(inject('migratedPgliteImage')).then((bytes) => new Blob([bytes])));
}

/**
 * The database a test file runs on: an in-memory PGlite started from a migrated copy, or (project
 * api-postgres) a fresh database on the PostgreSQL server of DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const image = await readMigratedImage();
    return { config: { kind: 'pglite', dataDir: 'memory://', image }, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const { url, drop } = await createPostgresDatabase(adminUrl);
  return { config: { kind: 'postgres', url }, drop };
}
