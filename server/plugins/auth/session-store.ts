import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, lt, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, users, type UserRow } from '../../db/schema';
import type { CachedSession, SessionCache } from './session-cache';
import { DAY_MS } from '#common/durations';

/** last_seen is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionLifetimes {
  /** A session unused this long ends. */
  idleDays: number;
  /** A session ends this long after sign-in, however much it is used. */
  maxDays: number;
}

export interface ActiveSession {
  user: UserRow;
  sessionId: string;
  /** When the session ends unless used again (or at the latest, its absolute end). */
  expiresAt: Date;
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeen: Date;
}

export class SessionStore {
  /**
   * Every signed-in request runs this lookup: built once (and prepared once per connection) rather
   * than rebuilt by the query builder on each request.
   */
  private readonly lookup;

  constructor(
    private readonly db: Db,
    private readonly lifetimes: SessionLifetimes,
    private readonly now: () => Date,
    /** Answers most lookups without the database; see SessionCache for when it may. */
    private readonly cache: SessionCache,
  ) {
    this.lookup = db
      .select({ user: users, id: sessions.id, createdAt: sessions.createdAt, lastSeen: sessions.lastSeen })
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

  /** The session of a token, or null when it is unknown, revoked, unused too long or too old. */
  async find(token: string): Promise<ActiveSession | null> {
    const tokenHash = hashToken(token);
    const now = this.now();
    const cached = this.cache.get(tokenHash);
    // A cached session that looks expired may have been used on another server since: the database decides.
    if (cached && !this.isOver(cached, now)) return this.used(tokenHash, cached, now);
    const generation = this.cache.generation;
    const [found] = await this.lookup.execute({ tokenHash });
    if (!found) return null;
    const session: CachedSession = {
      user: found.user,
      sessionId: found.id,
      createdAt: found.createdAt,
      lastSeen: found.lastSeen,
    };
    if (this.isOver(session, now)) {
      await this.revoke(token);
      return null;
    }
    const active = await this.used(tokenHash, session, now);
    this.cache.remember(tokenHash, session, generation);
    return active;
  }

  /** Forgets the cached sessions of a user whose row this server just changed. */
  forgetUser(userId: string): void {
    this.cache.forgetUser(userId);
  }

  /** The user's sessions, newest first. */
  async list(userId: string): Promise<SessionSummary[]> {
    return this.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeen: sessions.lastSeen })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
  }

  /** Ends a token's session; returns its id, or null when there was none. */
  async revoke(token: string): Promise<string | null> {
    const tokenHash = hashToken(token);
    const [ended] = await this.db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ id: sessions.id });
    this.cache.forgetToken(tokenHash);
    return ended?.id ?? null;
  }

  /** Ends every session of the user but one; returns the ids of those ended. */
  async revokeOthers(userId: string, keepSessionId: string): Promise<string[]> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    this.cache.forgetUser(userId);
    return ended.map(({ id }) => id);
  }

  /** Matches the sessions not over now (used within the idle lifetime, younger than the absolute one). */
  live(): SQL {
    const now = this.now().getTime();
    return and(
      gte(sessions.lastSeen, new Date(now - this.lifetimes.idleDays * DAY_MS)),
      gt(sessions.createdAt, new Date(now - this.lifetimes.maxDays * DAY_MS)),
    ) as SQL;
  }

  /** Ends the user's sessions that are over, and with them what belongs to them (their device tokens). */
  async endExpired(userId: string): Promise<void> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), not(this.live())))
      .returning({ tokenHash: sessions.tokenHash });
    for (const { tokenHash } of ended) this.cache.forgetToken(tokenHash);
  }

  private idleEnd(session: CachedSession): number {
    return session.lastSeen.getTime() + this.lifetimes.idleDays * DAY_MS;
  }

  private absoluteEnd(session: CachedSession): number {
    return session.createdAt.getTime() + this.lifetimes.maxDays * DAY_MS;
  }

  private isOver(session: CachedSession, now: Date): boolean {
    return now.getTime() > this.idleEnd(session) || now.getTime() >= this.absoluteEnd(session);
  }

  /** Notes a use of a live session, refreshing last_seen when it is old enough. */
  private async used(tokenHash: string, session: CachedSession, now: Date): Promise<ActiveSession> {
    const expiresAt = new Date(Math.min(this.idleEnd(session), this.absoluteEnd(session)));
    if (now.getTime() - session.lastSeen.getTime() > TOUCH_INTERVAL_MS) {
      session.lastSeen = now;
      await this.db
        .update(sessions)
        .set({ lastSeen: now })
        .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeen, now)));
    }
    return { user: session.user, sessionId: session.sessionId, expiresAt };
  }
}
