import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type UserRow } from '../../db/schema';

export async function setPhoneVisible(
  db: Db,
  userId: string,
  phoneVisible: boolean,
): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set({ phoneVisible }).where(eq(users.id, userId)).returning();
  return updated;
}
