import { and, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks } from '../db/schema';

type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const blockOf = (db: Queryable, blockerId: string, blockedId: string) =>
  db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));

/** Whether `blockerId` blocked `blockedId`: then nothing of theirs reaches the blocker. */
export async function hasBlocked(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const [found] = await blockOf(db, blockerId, blockedId).limit(1);
  return found !== undefined;
}

/** The same as a column of a larger query (one round trip for several checks). */
export function hasBlockedSql(db: Queryable, blockerId: string, blockedId: string) {
  return sql<boolean>`${exists(blockOf(db, blockerId, blockedId))}`;
}
