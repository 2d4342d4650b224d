import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, senderPauses } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { pauseKey } from './pause';
import { INSERTED_COLUMNS, newRequestRow, preparedCheckedSend, type SendRule } from './send-rule';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const columns = getTableColumns(requests);
const databaseName = (column: keyof typeof columns) => columns[column].name;

async function storingFunction(): Promise<{ source: string; parameters: string[] }> {
  const [found] = await t.app.database.db
    .select({ source: sql<string>`prosrc`, parameters: sql<string[]>`proargnames` })
    .from(sql`pg_proc`)
    .where(sql`proname = 'store_checked_request'`);
  if (!found) throw new Error('store_checked_request is not in the database');
  return found;
}

describe('store_checked_request and the Drizzle schema of notifications', () => {
  it('inserts the columns INSERTED_COLUMNS names, from the parameters in the same order', async () => {
    const { source, parameters } = await storingFunction();
    const insert = /INSERT INTO notifications \(([^)]*)\)\s*VALUES \(([^)]*)\)/.exec(source);
    const inserted = insert?.[1]?.split(',').map((name) => name.trim());
    const values = insert?.[2]?.split(',').map((name) => name.trim());
    const expected = INSERTED_COLUMNS.map(databaseName);
    expect(inserted).toEqual(expected);
    expect(values).toEqual(expected.map((name) => `new_${name}`));
    expect(parameters.slice(0, expected.length)).toEqual(expected.map((name) => `new_${name}`));
  });

  it('leaves out only columns a new request may leave empty', () => {
    const leftOut = Object.entries(columns).filter(
      ([key]) => !(INSERTED_COLUMNS as readonly string[]).includes(key),
    );
    for (const [key, column] of leftOut) {
      expect({ key, required: column.notNull && !column.hasDefault }).toEqual({ key, required: false });
    }
  });
});

describe('the send rule, for any kind of request', () => {
  const HOUR_MS = 60 * 60_000;

  it('counts only the kinds its rule names, and holds every sender’s window to one receiver', async () => {
    const checkedSend = preparedCheckedSend(t.app.database.db);
    const receiver = await t.signUp();
    const senders = [await t.signUp(), await t.signUp(), await t.signUp()];
    const rule: SendRule = { counts: ['message'], perReceiver: { max: 2, ms: HOUR_MS } };
    const request = (senderId: string, kind: 'message' | 'notification') =>
      newRequestRow(
        {
          senderId,
          receiverId: receiver.user._id,
          vehicleId: null,
          kind,
          title: 'Vehicle Notification',
          content: 'Please move',
          templateKey: null,
          vehicleNumber: null,
        },
        t.clock.now(),
      );
    const [first, second, third] = senders.map((sender) => sender.user._id);
    expect(await checkedSend(request(first!, 'notification'), rule, null)).toBeNull();
    expect(await checkedSend(request(first!, 'message'), rule, null)).toBeNull();
    t.clock.advance(60_000);
    expect(await checkedSend(request(second!, 'message'), rule, null)).toBeNull();
    expect(await checkedSend(request(third!, 'message'), rule, null)).toEqual({
      refused: 'perReceiver',
      retryAfterMs: HOUR_MS - 60_000,
    });
  });

  it('refuses a sender paused by strikes, whatever the kind, until the pause ends', async () => {
    const checkedSend = preparedCheckedSend(t.app.database.db);
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const until = new Date(t.clock.now().getTime() + HOUR_MS);
    await t.app.database.db
      .insert(senderPauses)
      .values({ phoneHash: pauseKey(sender.user.phone), pausedAt: t.clock.now(), pausedUntil: until });
    const request = (kind: 'message' | 'call') =>
      newRequestRow(
        {
          senderId: sender.user._id,
          receiverId: receiver.user._id,
          vehicleId: null,
          kind,
          title: 'Vehicle Notification',
          content: 'Please move',
          templateKey: null,
          vehicleNumber: null,
        },
        t.clock.now(),
      );
    const rule: SendRule = { counts: ['message', 'call'] };
    expect(await checkedSend(request('message'), rule, null)).toEqual({ refused: 'paused', until });
    expect(await checkedSend(request('call'), rule, null)).toEqual({ refused: 'paused', until });
    t.clock.advance(HOUR_MS);
    expect(await checkedSend(request('message'), rule, null)).toBeNull();
  });
});
