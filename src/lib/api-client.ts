/**
 * The one HTTP client (SPEC §6, §7, §8): same origin unless VITE_API_BASE says otherwise, JSON,
 * the stored bearer token, every failure logged the way SPEC §8 lists and then rethrown.
 */
import { FetchError, ofetch, type FetchContext } from 'ofetch';
import { getToken } from './token';

export const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/** SPEC §8: 401, 500, any other status with its code, and a request that got no response. */
export function logApiError(context: FetchContext): void {
  const status = context.response?.status;
  const where = `${context.options.method ?? 'GET'} ${String(context.request)}`;
  if (status === undefined) console.error(`API error: none received (${where})`, context.error);
  else if (status === 401) console.error(`API error: unauthorized, possibly invalid token (${where})`);
  else if (status === 500) console.error(`API error: server error (${where})`);
  else console.error(`API error: status ${status} (${where})`);
}

export const apiClient = ofetch.create({
  baseURL: API_BASE,
  // Nothing is retried behind the user's back: each failure is reported once, where it happens.
  retry: 0,
  onRequest({ options }) {
    const token = getToken();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
  onRequestError: logApiError,
  onResponseError: logApiError,
});

/** For the calls SPEC §8 lets fail silently: the error is logged already, the result is undefined. */
export async function swallowErrors<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch {
    return undefined;
  }
}

/** The HTTP status of a failed call, or undefined when it got no response. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.response?.status : undefined;
}

/** The server's `{ message }` of a failed call, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof FetchError)) return undefined;
  const data: unknown = error.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}

/** Only this ends a session (DESIGN §6). */
export function isUnauthorized(error: unknown): boolean {
  return statusOf(error) === 401;
}

/** The request never got an answer: offline, DNS, a dropped connection. Not a sign-out. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof FetchError) return error.response === undefined;
  return error instanceof TypeError;
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
