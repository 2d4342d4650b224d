/**
 * The one road to the server, shared by the page, its outbox and the service worker: base URL,
 * JSON both ways, the bearer token, the server's `{ message }` and what kind of failure an answer
 * is. It needs nothing but `fetch`, so it runs in a window and in the worker alike.
 */

/**
 * `offline`: no answer at all (no network, DNS, a dropped connection); `unauthorized`: 401, the
 * session is at fault; `refused`: any other 4xx; `server`: 5xx.
 */
type Failure = 'offline' | 'unauthorized' | 'refused' | 'server';

function failureOf(status: number | undefined): Failure {
  if (status === undefined) return 'offline';
  if (status === 401) return 'unauthorized';
  return status >= 500 ? 'server' : 'refused';
}

/** The server's `{ message }` in an error's body, when it sent one. */
function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}

/** A request that got no answer (`status` undefined, `cause` the fetch's error) or one that is not 2xx. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  /** The seconds the server's `Retry-After` asks to wait (a 429, a 503), when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number | undefined,
    readonly data: unknown,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(`${method} ${url}: ${status ?? 'no answer'}`, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get failure(): Failure {
    return failureOf(this.status);
  }

  get serverMessage(): string | undefined {
    return messageOf(this.data);
  }
}

export const bearer = (token: string) => `Bearer ${token}`;

/** A `Retry-After` header in seconds (its delay-seconds form; the server never sends a date). */
export function retryAfterOf(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as `multipart/form-data` (the browser writes its boundary). */
  body?: unknown;
  query?: Record<string, string>;
  /** This token instead of the client's (logout sends the one it is ending while forgetting it). */
  token?: string | null;
  /** A retry with the same key stores nothing new on the server. */
  idempotencyKey?: string;
  keepalive?: boolean;
  /** The answer as a Blob (a PDF, an image) instead of JSON or text. */
  binary?: boolean;
}

interface ClientConfig {
  /** Prefixed to every path; empty for the same origin. */
  base?: string;
  /** The bearer token of the signed-in session, read at each request. */
  token: () => string | null | Promise<string | null>;
  /** Defaults to the global fetch, looked up at each request (tests stub it). */
  fetch?: typeof fetch;
  /** Every failure passes here before it is thrown. */
  onError?: (error: HttpError) => void;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  return JSON.parse(text) as unknown;
}

export type Client = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/** Nothing is retried behind the caller's back: each failure is thrown once, where it happens. */
export function createClient(config: ClientConfig): Client {
  return async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const method = options.method ?? 'GET';
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const url = `${config.base ?? ''}${path}${query}`;
    const token = options.token === undefined ? await config.token() : options.token;
    const headers: Record<string, string> = { accept: 'application/json' };
    const form = options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (token) headers.authorization = bearer(token);
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const fail = (error: HttpError) => {
      config.onError?.(error);
      return error;
    };
    let response: Response;
    try {
      response = await (config.fetch ?? fetch)(url, {
        method,
        headers,
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        keepalive: options.keepalive,
      });
    } catch (error) {
      throw fail(new HttpError(method, url, undefined, undefined, { cause: error }));
    }
    if (response.ok) return (options.binary ? await response.blob() : await bodyOf(response)) as T;
    // An error's body that is not JSON still leaves its status to go by.
    const data = await bodyOf(response).catch(() => undefined);
    throw fail(
      new HttpError(method, url, response.status, data, {
        retryAfterSeconds: retryAfterOf(response.headers.get('retry-after')),
      }),
    );
  };
}
