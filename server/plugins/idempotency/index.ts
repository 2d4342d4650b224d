import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, conflict, HttpError } from '../../lib/http-error';
import { currentUser } from '../auth';
import { IdempotencyStore, requestHash } from './store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an `Idempotency-Key` header: a repeat gets the first answer and stores nothing new. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept for repeats. */
    claimedIdempotencyKey: string | null;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{8,128}$/;
/**
 * Only successes are kept for repeats. A refusal is forgotten, so a refused request writes nothing
 * and a repeat runs again: after a limit's wait, a block lifted or a server error it may succeed.
 */
const isSuccess = (status: number) => status >= 200 && status < 300;

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw badRequest('Idempotency-Key: must be 8-128 characters of A-Z, a-z, 0-9, _ and -');
  }
  return header;
}

/**
 * Routes with `config: { idempotent: true }` (signed-in routes only) get the Idempotency-Key rules:
 * the key is claimed in the database before the handler runs, and a success is stored before it is
 * sent, so a retry after a lost answer gets that answer and the route runs once.
 */
export default fp(
  async function idempotency(app: FastifyInstance) {
    const store = new IdempotencyStore(app.database.db, app.deps.now);
    app.decorateRequest('claimedIdempotencyKey', null);

    async function claim(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      if (!key) return;
      const user = currentUser(request);
      const hash = requestHash(request.method, request.routeOptions.url ?? request.url, request.body);
      const found = await store.claim(user.id, key, hash);
      if (found.kind === 'claimed') {
        request.claimedIdempotencyKey = key;
        return;
      }
      if (found.kind === 'different-request') {
        throw new HttpError(422, 'Idempotency-Key: was already used for a different request');
      }
      if (found.kind === 'in-flight') {
        throw conflict((i18n) => i18n._('server.idempotency.inProgress'));
      }
      return reply
        .code(found.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(found.body);
    }

    async function remember(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const key = request.claimedIdempotencyKey;
      if (!key || !request.authUser) return payload;
      request.claimedIdempotencyKey = null;
      if (isSuccess(reply.statusCode) && typeof payload === 'string') {
        await store.complete(request.authUser.id, key, reply.statusCode, payload);
      } else {
        await store.release(request.authUser.id, key);
      }
      return payload;
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.preHandler = [...asArray(route.preHandler), claim];
      route.onSend = [...asArray(route.onSend), remember];
    });
  },
  { name: 'idempotency', dependencies: ['database', 'auth'] },
);

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
