import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderPauses, users } from '../../../db/schema';
import { emptyDatabase, migrationsBefore, MIGRATIONS } from '../../../testing/migrations';
import { createTestApp, nextPhone, type TestApp } from '../../../testing/test-app';
import { pauseKey, pauseKeyIn } from './pause';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
      await database.migrate(MIGRATIONS);
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
