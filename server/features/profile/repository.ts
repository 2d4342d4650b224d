import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type UserRow } from '../../db/schema';

export type ProfileChanges = Partial<
  Pick<UserRow, 'phoneVisible' | 'emailVisible' | 'allowCalls' | 'quietStart' | 'quietEnd' | 'language'>
>;

export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}
