import { and, eq, gt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { requestStrangers, strangerBlocks } from '../../db/schema';
import { strangerHashes, type StrangerIdentity, type StrangerKind } from './identity';
import { DAY_MS } from '#common/durations';

type Hashes = ReturnType<typeof strangerHashes>;

/**
 * The hashes a block of a stranger is kept and looked up by: the browser's cookie; the client address
 * only for a request that came with no cookie (a browser is told apart by its cookie, so nobody else
 * behind the same address is blocked with it); and a phone proven for a call.
 */
function blockKeys({ cookieHash, addressHash, phoneHash }: Hashes): { kind: StrangerKind; hash: string }[] {
  const keys: { kind: StrangerKind; hash: string }[] = [];
  if (cookieHash) keys.push({ kind: 'cookie', hash: cookieHash });
  else if (addressHash) keys.push({ kind: 'address', hash: addressHash });
  if (phoneHash) keys.push({ kind: 'phone', hash: phoneHash });
  return keys;
}

/** The recorded stranger behind a request, as the keys of a block; null when none was recorded. */
async function keysOfRequest(db: Db, notificationId: string) {
  const [stranger] = await db
    .select({
      cookieHash: requestStrangers.cookieHash,
      addressHash: requestStrangers.addressHash,
      phoneHash: requestStrangers.phoneHash,
    })
    .from(requestStrangers)
    .where(eq(requestStrangers.notificationId, notificationId));
  return stranger ? blockKeys(stranger) : null;
}

const matching = (ownerId: string, keys: { kind: StrangerKind; hash: string }[]) =>
  and(
    eq(strangerBlocks.ownerId, ownerId),
    or(...keys.map(({ kind, hash }) => and(eq(strangerBlocks.kind, kind), eq(strangerBlocks.hash, hash)))),
  );

/**
 * Blocks the stranger who sent request `notificationId` from every card of `ownerId` for `days`
 * (a block already there is renewed). False when no stranger was recorded for the request.
 */
export async function blockStranger(
  db: Db,
  ownerId: string,
  notificationId: string,
  days: number,
  now: Date,
): Promise<boolean> {
  const keys = await keysOfRequest(db, notificationId);
  if (!keys) return false;
  if (keys.length === 0) return true;
  const blockedUntil = new Date(now.getTime() + days * DAY_MS);
  await db
    .insert(strangerBlocks)
    .values(keys.map((key) => ({ ownerId, ...key, blockedUntil })))
    .onConflictDoUpdate({
      target: [strangerBlocks.ownerId, strangerBlocks.kind, strangerBlocks.hash],
      set: { blockedUntil },
    });
  return true;
}

/** Lifts the blocks `blockStranger` put on the stranger of request `notificationId`. False as there. */
export async function unblockStranger(db: Db, ownerId: string, notificationId: string): Promise<boolean> {
  const keys = await keysOfRequest(db, notificationId);
  if (!keys) return false;
  if (keys.length > 0) await db.delete(strangerBlocks).where(matching(ownerId, keys));
  return true;
}

/** Whether `ownerId` blocked this stranger (by any of the keys known of them) and the block still holds. */
export async function isStrangerBlocked(
  db: Db,
  ownerId: string,
  identity: StrangerIdentity,
  now: Date,
): Promise<boolean> {
  const keys = blockKeys(strangerHashes(identity));
  if (keys.length === 0) return false;
  const [found] = await db
    .select({ ownerId: strangerBlocks.ownerId })
    .from(strangerBlocks)
    .where(and(matching(ownerId, keys), gt(strangerBlocks.blockedUntil, now)))
    .limit(1);
  return found !== undefined;
}
