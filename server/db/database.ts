import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE, type Config } from '../config';
import { PgListener, type ChannelSubscription } from './pg-listener';
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
  /**
   * Hears the payloads NOTIFYed on `channel` for as long as the database is open. Resolves whether
   * it is LISTENing now. On PostgreSQL, one connection of this instance LISTENs for every
   * subscriber and may be lost and regained (see `ChannelSubscription`); on PGlite, the embedded
   * database's notifications reach this process before the statement that sent them resolves.
   */
  listen(channel: string, subscription: ChannelSubscription): Promise<boolean>;
}

/** Closing twice (shutdown after a failure, a test that closed it first) closes once. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** What the database reports: a lost idle connection (error), the listener's losses (warn) and returns (info). */
export type DatabaseLog = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
const unheard: DatabaseLog = { error: () => {}, warn: () => {}, info: () => {} };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PGlite (in DATA_DIR, or in memory for `memory://`) or PostgreSQL pools, and migrates it. */
export async function openDatabase(
  config: Config['database'],
  log: DatabaseLog = unheard,
  poolSize = DEFAULT_DATABASE_POOL_SIZE,
): Promise<Database> {
  if (config.kind === 'pglite') {
    if (!config.dataDir.startsWith('memory://')) await mkdir(config.dataDir, { recursive: true });
    const client = await PGlite.create(config.dataDir, { loadDataDir: config.image });
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
      listen: async (channel, { onPayload }) => {
        await client.listen(channel, onPayload);
        return true;
      },
    };
  }
  const onPoolError = (error: Error) => log.error({ err: error }, 'idle database connection lost');
  const pool = openPool(config.url, poolSize, onPoolError);
  // The owner search, the hottest signed-in request, counts and searches in one statement on this pool:
  // with 4 connections it answered no more than 4 ÷ a round trip (about 2 600 searches a second).
  const countersPool = openPool(config.url, poolSize, onPoolError, '-c synchronous_commit=off');
  const db = drizzlePostgres({ client: pool, schema });
  await migrateUnderLock(config.url, db);
  const listener = new PgListener({ url: config.url, log });
  return {
    db,
    countersDb: drizzlePostgres({ client: countersPool, schema }),
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, subscription) => listener.subscribe(channel, subscription),
    close: closeOnce(async () => {
      await Promise.all([listener.close(), pool.end(), countersPool.end()]);
    }),
  };
}

/** Any fixed number: the key of the session lock that lets one instance at a time migrate. */
const MIGRATION_LOCK_KEY = 7_303_942;

/**
 * Instances started together on an empty database would otherwise run the same migrations at once
 * (the second then fails on what the first created). The lock is held by a connection of its own and
 * released when that connection ends; the next instance then finds nothing left to apply.
 */
async function migrateUnderLock(url: string, db: NodePgDatabase<typeof schema>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.end();
  }
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
