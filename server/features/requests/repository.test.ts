import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import * as schema from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { markDelivered } from './repository';
import { aRequest } from '../../testing/request-fixtures';
import { updateProfile } from '../../testing/user-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The app's database as a second Drizzle instance whose client notes each statement it sends: the
 * app's own sweeps, on the first, are not counted.
 */
function countingDb(): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const { db, kind } = t.app.database;
  const client = (db as Db & { $client: object }).$client;
  const counting = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'query') statements.push(String(args[0]));
        return Reflect.apply(value, target, args);
      };
    },
  });
  return {
    statements,
    db:
      kind === 'pglite'
        ? drizzlePglite({ client: counting as PGlite, schema })
        : drizzlePostgres({ client: counting as pg.Pool, schema }),
  };
}

describe('marking a request delivered', () => {
  it("costs one statement, which returns what its sender is told, in the sender's language", async () => {
    const { sender, owner, vehicle, notification } = await aRequest(t);
    await updateProfile(t, sender, { language: 'ml' });
    await updateProfile(t, owner, { shareReadReceipts: false });
    const { db, statements } = countingDb();
    const now = t.clock.now();

    const changed = await markDelivered(db, notification._id, now);

    expect(statements).toHaveLength(1);
    expect(changed).toMatchObject({
      row: { id: notification._id, deliveredAt: now },
      request: { _id: notification._id, vehicleNumber: vehicle.vehicleNumber, deliveredAt: null },
      senderLanguage: 'ml',
      receiptsShared: false,
    });
  });

  it('returns nothing the second time, and for a request whose sender and vehicle are gone, the plate it was sent for', async () => {
    const { notification } = await aRequest(t);
    const now = t.clock.now();
    expect(await markDelivered(t.app.database.db, notification._id, now)).toBeDefined();
    expect(await markDelivered(t.app.database.db, notification._id, now)).toBeUndefined();

    const second = await aRequest(t);
    await t.app.database.db.delete(schema.users).where(eq(schema.users.id, second.sender.user._id));
    await t.app.database.db.delete(schema.vehicles).where(eq(schema.vehicles.id, second.vehicle._id));
    expect(await markDelivered(t.app.database.db, second.notification._id, now)).toMatchObject({
      request: { vehicleNumber: second.vehicle.vehicleNumber, deliveredAt: now.toISOString() },
      senderLanguage: 'en',
      receiptsShared: true,
    });
  });
});
