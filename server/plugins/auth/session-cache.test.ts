import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { SessionCache, type CachedSession } from './session-cache';

const at = new Date('2026-11-21T09:00:00Z');
const sessionOf = (userId: string, sessionId = `session-of-${userId}`): CachedSession => ({
  user: { id: userId } as UserRow,
  sessionId,
  createdAt: at,
  lastSeen: at,
});

function trustedCache(capacity?: number): SessionCache {
  const cache = new SessionCache(capacity);
  cache.trust();
  return cache;
}

describe('the session cache', () => {
  it('keeps nothing until trusted', () => {
    const cache = new SessionCache();
    cache.remember('hash', sessionOf('user'), cache.generation);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('keeps nothing read before a session was forgotten', () => {
    const cache = trustedCache();
    const before = cache.generation;
    cache.forgetToken('other-hash');
    cache.remember('hash', sessionOf('user'), before);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('keeps nothing read before it was distrusted and trusted again', () => {
    const cache = trustedCache();
    const before = cache.generation;
    cache.distrust();
    cache.trust();
    cache.remember('hash', sessionOf('user'), before);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('forgets everything when distrusted', () => {
    const cache = trustedCache();
    cache.remember('hash', sessionOf('user'), cache.generation);
    cache.distrust();
    cache.trust();
    expect(cache.get('hash')).toBeUndefined();
  });

  it('forgets every session of a user, and only theirs', () => {
    const cache = trustedCache();
    cache.remember('phone', sessionOf('user', 'phone'), cache.generation);
    cache.remember('laptop', sessionOf('user', 'laptop'), cache.generation);
    cache.remember('other', sessionOf('someone else'), cache.generation);
    cache.forgetUser('user');
    expect([cache.get('phone'), cache.get('laptop'), cache.get('other')?.sessionId]).toEqual([
      undefined,
      undefined,
      'session-of-someone else',
    ]);
  });

  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = trustedCache(2);
    cache.remember('a', sessionOf('a'), cache.generation);
    cache.remember('b', sessionOf('b'), cache.generation);
    cache.get('a');
    cache.remember('c', sessionOf('c'), cache.generation);
    expect([cache.size, cache.get('a')?.user.id, cache.get('b'), cache.get('c')?.user.id]).toEqual([
      2,
      'a',
      undefined,
      'c',
    ]);
  });
});
