import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { openDatabase } from './database';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const INSTANCES = 4;

const suite = onPostgres
  ? 'migrations on PostgreSQL'
  : 'migrations on PostgreSQL (skipped: needs api-postgres, an in-memory PGlite belongs to one process)';

describe.runIf(onPostgres)(suite, () => {
  it('brings up every instance started together on an empty database', async () => {
    const database = await createTestDatabase();
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: INSTANCES }, () => openDatabase(database.config)),
      );
      await Promise.all(
        opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : null)),
      );
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual(
        Array.from({ length: INSTANCES }, () => 'up'),
      );
    } finally {
      await database.drop();
    }
  });
});
