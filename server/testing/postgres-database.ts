import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the PostgreSQL server of `adminUrl`, named `<prefix>_<random>`. */
export interface PostgresDatabase {
  url: string;
  /** Drops it with force, ending the sessions still open on it. */
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

/**
 * A database rather than a schema, because drizzle-kit's migrations name the `public` schema in
 * their foreign keys.
 */
export async function createPostgresDatabase(adminUrl: string, prefix = 'test'): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
