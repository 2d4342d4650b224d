import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deviceTokens } from '../../db/schema';

/** Devices kept per user; registering one more forgets the least recently seen. */
export const MAX_DEVICES_PER_USER = 10;

/** Stores a device token for a user; a token seen before moves to this user (the device changed hands). */
export async function saveDeviceToken(db: Db, userId: string, token: string, now: Date): Promise<void> {
  await db
    .insert(deviceTokens)
    .values({ token, userId, createdAt: now, lastSeen: now })
    .onConflictDoUpdate({ target: deviceTokens.token, set: { userId, lastSeen: now } });
  const newest = db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(desc(deviceTokens.lastSeen), desc(deviceTokens.createdAt))
    .limit(MAX_DEVICES_PER_USER);
  await db
    .delete(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.token, newest)));
}

/** Sign-out on a device: its token stops receiving this user's pushes. */
export async function forgetDeviceToken(db: Db, userId: string, token: string): Promise<void> {
  await db.delete(deviceTokens).where(and(eq(deviceTokens.token, token), eq(deviceTokens.userId, userId)));
}

export async function deviceTokensOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId));
  return rows.map((row) => row.token);
}

export async function deleteDeviceTokens(db: Db, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(deviceTokens).where(inArray(deviceTokens.token, tokens));
}
