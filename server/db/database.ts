import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * For counters that may lose their last fraction of a second if PostgreSQL crashes (rate limits):
   * its commits do not wait for the write-ahead log to reach the disk (synchronous_commit off), which
   * made each count several times cheaper. The same as `db` on PGlite.
   */
  countersDb: Db;
  kind: Config['database']['kind'];
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool, for LISTEN/NOTIFY; absent on PGlite. */
  pool?: pg.Pool;
  /**
   * PGlite only: LISTENs on the embedded database, whose notifications reach this process before the
   * statement that sent them resolves. Returns the unlisten.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
}

/** Closing twice (shutdown after a failure, a test that closed it first) closes once. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PGlite (in DATA_DIR, or in memory for `memory://`) or a PostgreSQL pool, and migrates it. */
export async function openDatabase(
  config: Config['database'],
  onPoolError: (error: Error) => void = () => {},
): Promise<Database> {
  if (config.kind === 'pglite') {
    if (!config.dataDir.startsWith('memory://')) await mkdir(config.dataDir, { recursive: true });
    const client = await PGlite.create(config.dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      countersDb: db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: closeOnce(() => client.close()),
      listen: (channel, onPayload) => client.listen(channel, onPayload),
    };
  }
  const pool = openPool(config.url, 10, onPoolError);
  // One upsert per count, outside the hot paths (a search counts inside its own statement): a few suffice.
  const countersPool = openPool(config.url, 4, onPoolError, '-c synchronous_commit=off');
  const db = drizzlePostgres({ client: pool, schema });
  await migratePostgres(db, { migrationsFolder });
  return {
    db,
    countersDb: drizzlePostgres({ client: countersPool, schema }),
    kind: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: closeOnce(async () => {
      await Promise.all([pool.end(), countersPool.end()]);
    }),
  };
}

function openPool(url: string, max: number, onPoolError: (error: Error) => void, options?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 3000, options });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', onPoolError);
  // A client checked out for a transaction can lose its connection between two statements: pg then emits
  // 'error' on that client, which would end the process without a listener of its own.
  pool.on('connect', (client) => client.on('error', onPoolError));
  return pool;
}
