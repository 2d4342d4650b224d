/** A fresh database per tier: PGlite in a temporary DATA_DIR, or a database created on DATABASE_URL's server. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/database';
import { seed } from './seed';

export type DatabaseKind = Config['database']['kind'];

export interface BenchDatabase {
  kind: DatabaseKind;
  config: Config['database'];
  /** What the server needs in its environment to open this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createDatabase(kind: DatabaseKind, adminUrl?: string): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vahan-bench-'));
    return {
      kind,
      config: { kind, dataDir },
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL needs DATABASE_URL');
  const name = `vahan_bench_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    config: { kind, url: url.toString() },
    env: { DATABASE_URL: url.toString() },
    drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A fresh database with `vehicles` vehicles; answers it with the load users' tokens. */
export async function seededDatabase(kind: DatabaseKind, vehicles: number, adminUrl?: string) {
  const database = await createDatabase(kind, adminUrl);
  const started = performance.now();
  const opened = await openDatabase(database.config);
  try {
    const tokens = await seed(opened.db, vehicles);
    return { database, tokens, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await opened.close();
  }
}
