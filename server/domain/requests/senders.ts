import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { ShownSender } from '../api-shapes';

/** What a reader is shown of each of these senders, by id, in one query (a deleted sender is absent). */
export async function sendersById(db: Db, senderIds: (string | null)[]): Promise<Map<string, ShownSender>> {
  const ids = [...new Set(senderIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      nameVisible: users.nameVisible,
      phone: users.phone,
      phoneVisible: users.phoneVisible,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...sender }) => [id, sender]));
}
