import type { Database } from '../../db/database';
import type { SessionCache } from './session-cache';

/** The channel of the triggers of migration 0008: `s:<token hash>` for an ended session, `u:<user id>` for a changed or deleted user. */
const SESSION_CHANGES_CHANNEL = 'session_changes';

/** Applies one notification of the triggers to the cache. */
function applySessionChange(cache: SessionCache, payload: string): void {
  const key = payload.slice(2);
  if (payload.startsWith('s:')) cache.forgetToken(key);
  else if (payload.startsWith('u:')) cache.forgetUser(key);
  else cache.forgetAll();
}

/**
 * Keeps the cache in step with the database: trusted only while LISTENing on the triggers' channel
 * (on PostgreSQL the instance's listening connection, which may be lost and regained; on PGlite, in
 * this process). Returns the stop.
 */
export async function followSessionChanges(database: Database, cache: SessionCache): Promise<() => void> {
  const listening = await database.listen(SESSION_CHANGES_CHANNEL, {
    onPayload: (payload) => applySessionChange(cache, payload),
    onResumed: () => cache.trust(),
    onDropped: () => cache.distrust(),
  });
  if (listening) cache.trust();
  return () => cache.distrust();
}
