import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type UserRow } from '../../db/schema';

export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'nameVisible'
    | 'shareReadReceipts'
    | 'phoneVisible'
    | 'emailVisible'
    | 'allowCalls'
    | 'quietStart'
    | 'quietEnd'
    | 'language'
    | 'fallbackSms'
    | 'fallbackCall'
  >
>;

export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}

/** Records the user's agreement to the privacy notice, unless they agreed before. */
export async function recordConsent(db: Db, userId: string, now: Date): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ consentedAt: sql`coalesce(${users.consentedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
