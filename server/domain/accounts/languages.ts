import { inArray } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '#common/languages';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

/** The language of each of these users, to write to each in their own (a deleted user's: the default). */
export async function languagesOf(db: Db, userIds: string[]): Promise<(userId: string) => Language> {
  const ids = [...new Set(userIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.language]));
  return (userId) => byId.get(userId) ?? DEFAULT_LANGUAGE;
}
