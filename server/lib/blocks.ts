import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks } from '../db/schema';

type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether `blockerId` blocked `blockedId`: then nothing of theirs reaches the blocker. */
export async function hasBlocked(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const [found] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return found !== undefined;
}
