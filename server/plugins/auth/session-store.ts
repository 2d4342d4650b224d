import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, users, type UserRow } from '../../db/schema';

const DAY_MS = 86_400_000;
/** last_seen is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  /**
   * Every signed-in request runs this lookup: built once (and prepared once per connection) rather
   * than rebuilt by the query builder on each request.
   */
  private readonly lookup;

  constructor(
    private readonly db: Db,
    private readonly ttlDays: number,
    private readonly now: () => Date,
  ) {
    this.lookup = db
      .select({ user: users, lastSeen: sessions.lastSeen })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_user_by_token_hash');
  }

  /** A new opaque bearer token of 256 random bits; only its SHA-256 is stored. */
  async create(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, createdAt: at, lastSeen: at });
    return token;
  }

  /** The user behind a token, or null when the token is unknown, revoked or unused for too long. */
  async userFor(token: string): Promise<UserRow | null> {
    const tokenHash = hashToken(token);
    const [found] = await this.lookup.execute({ tokenHash });
    if (!found) return null;
    const now = this.now();
    if (now.getTime() - found.lastSeen.getTime() > this.ttlDays * DAY_MS) {
      await this.revoke(token);
      return null;
    }
    if (now.getTime() - found.lastSeen.getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeen: now })
        .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeen, now)));
    }
    return found.user;
  }

  async revoke(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }
}
