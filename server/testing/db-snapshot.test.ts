import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { fingerprintTables, snapshotTables } from './db-snapshot';
import { createTestApp, type SignedIn, type TestApp } from './test-app';

let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

describe('telling whether anything was written', () => {
  it('gives equal snapshots and fingerprints when nothing is written', async () => {
    const [snapshot, fingerprint] = [
      await snapshotTables(t.app.database.db),
      await fingerprintTables(t.app.database.db),
    ];
    await t.inject({ method: 'GET', url: '/api/users/getMyVehicles', headers: user.headers });
    expect(await snapshotTables(t.app.database.db)).toEqual(snapshot);
    expect(await fingerprintTables(t.app.database.db)).toEqual(fingerprint);
  });

  it("changes the table's fingerprint, and only that one, when a single column of a row changes", async () => {
    const before = await fingerprintTables(t.app.database.db);
    await t.app.database.db.update(users).set({ name: 'Renamed Person' }).where(eq(users.id, user.user._id));
    const after = await fingerprintTables(t.app.database.db);
    expect(after.users).not.toBe(before.users);
    expect({ ...after, users: before.users }).toEqual(before);
  });

  it('changes the fingerprint of a table that gains a row', async () => {
    const before = await fingerprintTables(t.app.database.db);
    await t.signUp();
    const after = await fingerprintTables(t.app.database.db);
    expect(after.users).not.toBe(before.users);
    expect(after.sessions).not.toBe(before.sessions);
  });
});
