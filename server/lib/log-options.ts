import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fields that identify a person or sign them in: never written to the log, wherever they appear. */
const SECRET_FIELDS = ['phone', 'code', 'otp', 'token', 'fcmToken', 'authorization'];

export const REDACTED = '[redacted]';

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** The database code (SQLSTATE or a socket error) of an error or of what caused it. */
export function databaseCodeOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failed query (drizzle's DrizzleQueryError) carries its parameters: personal data. */
const failedQueryText = (error: Error): string | undefined => {
  const query = (error as { query?: unknown }).query;
  return typeof query === 'string' ? query : undefined;
};

/**
 * Errors are logged by type, message and stack, except database errors: their messages and details
 * carry the query's parameters (phones, names, e-mails, message texts), so only the query text and the
 * error code are kept. The code is logged as `errorCode`: `code` fields hold one-time codes and are redacted.
 */
function serializeError(error: Error): SerializedError {
  const query = failedQueryText(error);
  const code = databaseCodeOf(error);
  // node-postgres and PGlite errors carry a severity; their detail names the offending values.
  const fromDatabase = query !== undefined || 'severity' in error;
  if (fromDatabase) {
    const message = 'database query failed';
    return {
      type: error.name,
      message,
      stack: `${error.name}: ${message}`,
      query: query ?? null,
      errorCode: code,
    };
  }
  return { type: error.name, message: error.message, stack: error.stack ?? '', errorCode: code };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** What the log names a request by when no route matched it. */
export const UNMATCHED_ROUTE = '(no route)';

/**
 * A request as the log keeps it: its route's pattern (`/c/:code`), never its URL, whose path and query
 * carry card and slip codes, status tokens and the telephony webhook's secret.
 */
function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: request.routeOptions?.url ?? UNMATCHED_ROUTE,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, req: serializeRequest },
  };
}
