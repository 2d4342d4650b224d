import { and, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deviceTokens, sessions } from '../../db/schema';

/**
 * Stores a device token for the session that registers it (it ends with the session); a token seen
 * before moves to this session and its user (signed in again, or the device changed hands). A user keeps
 * `perUser` devices: registering one more forgets the least recently seen.
 */
export async function saveDeviceToken(
  db: Db,
  session: { userId: string; sessionId: string },
  token: string,
  now: Date,
  perUser: number,
): Promise<void> {
  const { userId, sessionId } = session;
  await db
    .insert(deviceTokens)
    .values({ token, userId, sessionId, createdAt: now, lastSeen: now })
    .onConflictDoUpdate({ target: deviceTokens.token, set: { userId, sessionId, lastSeen: now } });
  const newest = db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(desc(deviceTokens.lastSeen), desc(deviceTokens.createdAt))
    .limit(perUser);
  await db
    .delete(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.token, newest)));
}

/** Sign-out on a device: its token stops receiving this user's pushes. */
export async function forgetDeviceToken(db: Db, userId: string, token: string): Promise<void> {
  await db.delete(deviceTokens).where(and(eq(deviceTokens.token, token), eq(deviceTokens.userId, userId)));
}

/** The user's tokens whose session matches `liveSession`: never one of a session that is gone or over. */
export async function deviceTokensOf(db: Db, userId: string, liveSession: SQL): Promise<string[]> {
  const rows = await db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .innerJoin(sessions, and(eq(sessions.id, deviceTokens.sessionId), liveSession))
    .where(eq(deviceTokens.userId, userId));
  return rows.map((row) => row.token);
}

export async function deleteDeviceTokens(db: Db, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(deviceTokens).where(inArray(deviceTokens.token, tokens));
}
