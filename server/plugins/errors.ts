import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';
import { databaseCodeOf } from '../lib/log-options';
import { isRedisUnreachable } from './rate-limit';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** Connection refused/reset, PostgreSQL shutting down or not accepting connections. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
  // object_not_in_prerequisite_state: the server is not in a state to run the query (e.g. recovery).
  '55000',
]);

function isUnavailable(error: unknown): boolean {
  const code = databaseCodeOf(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
  return /connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos(?:ed|ing)/i.test(
    message,
  );
}

export const isUniqueViolation = (error: unknown) => databaseCodeOf(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => databaseCodeOf(error) === FOREIGN_KEY_VIOLATION;

/** One error contract: `{ message }` with the right status; nothing internal ever reaches a client. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.messageIn(request.i18n) });
    }
    if (isUniqueViolation(error)) {
      return reply.code(409).send({ message: request.i18n._('server.alreadyExists') });
    }
    const unavailable = isRedisUnreachable(error) ? 'Redis' : isUnavailable(error) ? 'database' : null;
    if (unavailable) {
      request.log.error({ err: error }, `${unavailable} unavailable`);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: request.i18n._('server.unavailable') });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // The detail (which field, which rule) stays as the validator words it; English readers get it alone.
      return reply
        .code(status)
        .send({ message: request.i18n._('server.badRequest', { detail: error.message }) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: request.i18n._('server.internalError') });
  });
});
