import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** preHandler for signed-in routes: the user comes from the bearer token alone. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: UserRow | null;
    bearerToken: string | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header && BEARER.exec(header)?.[1]) || null;
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw new HttpError(401, 'Not signed in');
  return request.authUser;
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('sessions', new SessionStore(app.database.db, app.config.sessionTtlDays, app.deps.now));
    app.decorateRequest('authUser', null);
    app.decorateRequest('bearerToken', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      if (!token) throw new HttpError(401, 'Not signed in');
      const user = await app.sessions.userFor(token);
      if (!user) throw new HttpError(401, 'Session expired or invalid');
      request.authUser = user;
      request.bearerToken = token;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
