import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { SessionCache } from './session-cache';
import { followSessionChanges } from './session-changes';
import { SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** preValidation hook of signed-in routes (before the body is validated, as 401 comes before 400): the user comes from the bearer token alone. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: UserRow | null;
    bearerToken: string | null;
    /** The signed-in request's session: its public id and when it ends unless used again. */
    authSession: { id: string; expiresAt: Date } | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header && BEARER.exec(header)?.[1]) || null;
}

/** The session of a route guarded by `app.authenticate`. */
export function currentSession(request: FastifyRequest): { id: string; expiresAt: Date } {
  if (!request.authSession) throw new HttpError(401, (i18n) => i18n._('server.auth.notSignedIn'));
  return request.authSession;
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw new HttpError(401, (i18n) => i18n._('server.auth.notSignedIn'));
  return request.authUser;
}

export default fp(
  async function auth(app: FastifyInstance) {
    const cache = new SessionCache();
    const { database, config, deps } = app;
    app.decorate('sessions', new SessionStore(database.db, config.sessionLifetimes, deps.now, cache));
    const stopFollowing = await followSessionChanges(database, cache);
    app.addHook('onClose', async () => stopFollowing());
    app.decorateRequest('authUser', null);
    app.decorateRequest('bearerToken', null);
    app.decorateRequest('authSession', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      if (!token) throw new HttpError(401, (i18n) => i18n._('server.auth.notSignedIn'));
      const session = await app.sessions.find(token);
      if (!session) throw new HttpError(401, (i18n) => i18n._('server.auth.sessionExpired'));
      request.authUser = session.user;
      request.bearerToken = token;
      request.authSession = { id: session.sessionId, expiresAt: session.expiresAt };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
