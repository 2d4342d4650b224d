import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { configure } from 'safe-stable-stringify';
import type { Db } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { DAY_MS } from '#common/durations';

export const KEY_TTL_MS = DAY_MS;
/** A claim still unanswered after this long belongs to a server that died mid-request; a repeat takes it over. */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * Sorted keys; nesting past any valid body's depth is cut short instead of recursing (a hostile body
 * of thousands of nested arrays must not overflow the stack; the route's schema refuses it anyway).
 */
const stringify = configure({ maximumDepth: 8, deterministic: true });

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'different-request' }
  | { kind: 'in-flight' }
  | { kind: 'answered'; status: number; body: string };

/** What makes two requests "the same": route and body, whatever the order of the body's fields. */
export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${stringify(body ?? null)}`)
    .digest('hex');
}

export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async claim(userId: string, key: string, hash: string): Promise<Claim> {
    const now = this.now();
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(now, KEY_TTL_MS)));
    // A second pass only when the row seen was released between our insert and our read.
    for (let attempt = 0; attempt < 2; attempt++) {
      const inserted = await this.db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { kind: 'claimed' };
      const [existing] = await this.db.select().from(idempotencyKeys).where(this.row(userId, key)).limit(1);
      if (!existing) continue;
      if (existing.requestHash !== hash) return { kind: 'different-request' };
      if (existing.responseStatus !== null && existing.responseBody !== null) {
        return { kind: 'answered', status: existing.responseStatus, body: existing.responseBody };
      }
      if (existing.createdAt > ago(now, ABANDONED_AFTER_MS)) return { kind: 'in-flight' };
      const takenOver = await this.db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            this.row(userId, key),
            isNull(idempotencyKeys.responseStatus),
            eq(idempotencyKeys.createdAt, existing.createdAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return takenOver.length > 0 ? { kind: 'claimed' } : { kind: 'in-flight' };
    }
    return { kind: 'in-flight' };
  }

  async complete(userId: string, key: string, status: number, body: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(this.row(userId, key));
  }

  /** Forgets a claim that did not succeed: a repeat runs the route again. */
  async release(userId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(this.row(userId, key));
  }

  private row(userId: string, key: string) {
    return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  }
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
