import type { UserRow } from '../../db/schema';

export interface CachedSession {
  user: UserRow;
  sessionId: string;
  createdAt: Date;
  lastSeen: Date;
}

const SESSION_CACHE_SIZE = 10_000;

/**
 * The sessions this server has recently served, by token hash, the least recently used dropped first.
 *
 * It may be trusted only while every change to sessions and users is heard (`trust()` … `distrust()`):
 * untrusted, it is empty and keeps nothing. A database read that began before a forget, a clear or a
 * change of trust could return a row since ended or changed, so `remember` takes the `generation` read
 * before the lookup and keeps nothing if it moved.
 */
export class SessionCache {
  private readonly byTokenHash = new Map<string, CachedSession>();
  private readonly tokenHashesByUser = new Map<string, Set<string>>();
  private trusted = false;
  private changes = 0;

  constructor(private readonly capacity = SESSION_CACHE_SIZE) {}

  /** Moves whenever an entry may have become stale; see `remember`. */
  get generation(): number {
    return this.changes;
  }

  get size(): number {
    return this.byTokenHash.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.byTokenHash.get(tokenHash);
    if (entry) {
      this.byTokenHash.delete(tokenHash);
      this.byTokenHash.set(tokenHash, entry);
    }
    return entry;
  }

  remember(tokenHash: string, entry: CachedSession, generationBeforeLookup: number): void {
    if (!this.trusted || generationBeforeLookup !== this.changes) return;
    this.drop(tokenHash);
    this.byTokenHash.set(tokenHash, entry);
    const userId = entry.user.id;
    const hashes = this.tokenHashesByUser.get(userId) ?? new Set();
    hashes.add(tokenHash);
    this.tokenHashesByUser.set(userId, hashes);
    if (this.byTokenHash.size > this.capacity) {
      const oldest = this.byTokenHash.keys().next();
      if (!oldest.done) this.drop(oldest.value);
    }
  }

  forgetToken(tokenHash: string): void {
    this.changes += 1;
    this.drop(tokenHash);
  }

  forgetUser(userId: string): void {
    this.changes += 1;
    for (const tokenHash of this.tokenHashesByUser.get(userId) ?? []) this.byTokenHash.delete(tokenHash);
    this.tokenHashesByUser.delete(userId);
  }

  /** Every change is heard from now on. */
  trust(): void {
    this.changes += 1;
    this.trusted = true;
  }

  /** Changes may go unheard: forget everything and keep nothing until trusted again. */
  distrust(): void {
    this.trusted = false;
    this.forgetAll();
  }

  forgetAll(): void {
    this.changes += 1;
    this.byTokenHash.clear();
    this.tokenHashesByUser.clear();
  }

  private drop(tokenHash: string): void {
    const entry = this.byTokenHash.get(tokenHash);
    if (!entry) return;
    this.byTokenHash.delete(tokenHash);
    const hashes = this.tokenHashesByUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.tokenHashesByUser.delete(entry.user.id);
  }
}
