import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../db/database';
import { createTestDatabase } from './test-database';

/** The project's migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A copy of the migrations folder whose journal stops before `tag`; the caller removes it. */
export async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

/** An empty database of the project's kind, migrated by hand; `close` drops it. */
export async function emptyDatabase(): Promise<{
  db: Db;
  migrate: (folder: string) => Promise<void>;
  close(): Promise<void>;
}> {
  const fresh = await createTestDatabase();
  if (fresh.config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: fresh.config.url, max: 1 });
    const db = drizzlePostgres(pool);
    return {
      db: db as unknown as Db,
      migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
      close: async () => {
        await pool.end();
        await fresh.drop();
      },
    };
  }
  const client = await PGlite.create();
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Db,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
