import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database';
import { senderPauses, users } from '../../../db/schema';
import { createTestDatabase } from '../../../testing/test-database';
import { createTestApp, nextPhone, type TestApp } from '../../../testing/test-app';
import { pauseKey, pauseKeyIn } from './pause';

const migrations = fileURLToPath(new URL('../../../db/migrations', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

/** An empty database of the project's kind, migrated by hand; `close` drops it. */
async function emptyDatabase(): Promise<{
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

describe('the pause key', () => {
  it('is the same computed in SQL as in TypeScript', async () => {
    const { user } = await t.signUp();
    const [row] = await t.app.database.db
      .select({ key: pauseKeyIn(users.phone) })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.key).toBe(pauseKey(user.phone));
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps every pause of migration 0022's past under its phone's key", async () => {
    const database = await emptyDatabase();
    const before = await migrationsBefore('0022_false_alarm_pauses');
    try {
      await database.migrate(before);
      const phone = nextPhone();
      const until = new Date('2026-12-21T09:00:00Z');
      await database.db.execute(sql`
        with paused as (
          insert into users (name, email, phone, gender, date_of_birth, district, city)
          values ('Anu', 'anu@example.com', ${phone}, 'Female', '1990-01-01', 'Ernakulam', 'Kochi')
          returning id
        )
        insert into sender_pauses (user_id, paused_at, paused_until)
        select id, ${until.toISOString()}::timestamptz - interval '30 days', ${until.toISOString()} from paused`);
      await database.migrate(migrations);
      const pauses = await database.db
        .select({ phoneHash: senderPauses.phoneHash, pausedUntil: senderPauses.pausedUntil })
        .from(senderPauses);
      expect(pauses).toEqual([{ phoneHash: pauseKey(phone), pausedUntil: until }]);
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
