import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../config';

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
 * api-postgres) a fresh database on the PostgreSQL server of DATABASE_URL, dropped afterwards. A database rather than a schema,
 * because drizzle-kit's migrations name the `public` schema in their foreign keys.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const image = await readMigratedImage();
    return { config: { kind: 'pglite', dataDir: 'memory://', image }, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
