import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { PgListener } from '../../features/live/pg-listener';
import type { SessionCache } from './session-cache';

/** The channel of the triggers of migration 0008: `s:<token hash>` for an ended session, `u:<user id>` for a changed or deleted user. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
export const SESSION_LISTENER_APPLICATION_NAME = 'vahan-session-listener';

/** Applies one notification of the triggers to the cache. */
export function applySessionChange(cache: SessionCache, payload: string): void {
  const key = payload.slice(2);
  if (payload.startsWith('s:')) cache.forgetToken(key);
  else if (payload.startsWith('u:')) cache.forgetUser(key);
  else cache.forgetAll();
}

/**
 * Keeps the cache in step with the database: trusted only while LISTENing on the triggers' channel
 * (on PostgreSQL a connection of its own, reconnected when lost; on PGlite, in this process).
 * Returns the stop.
 */
export async function followSessionChanges(
  database: Database,
  config: Config['database'],
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const onPayload = (payload: string) => applySessionChange(cache, payload);
  if (config.kind === 'postgres') {
    const listener = new PgListener({
      url: config.url,
      channel: SESSION_CHANGES_CHANNEL,
      applicationName: SESSION_LISTENER_APPLICATION_NAME,
      log,
      onNotification: onPayload,
      onResumed: () => cache.trust(),
      onDropped: () => cache.distrust(),
    });
    await listener.start();
    if (listener.listening) cache.trust();
    return async () => {
      cache.distrust();
      await listener.close();
    };
  }
  if (!database.listen) return async () => {};
  const unlisten = await database.listen(SESSION_CHANGES_CHANNEL, onPayload);
  cache.trust();
  return async () => {
    cache.distrust();
    // A database closed first (a failure, a test) has no LISTEN left to end.
    await unlisten().catch(() => {});
  };
}
