/**
 * The page's HTTP client (SPEC §6, §7, §8), on the shared transport of common/http: same origin
 * unless VITE_API_BASE says otherwise, the stored bearer token, every failure logged the way
 * SPEC §8 lists and then rethrown.
 */
import { createClient, HttpError } from '#common/http';
import { appStore } from './store';
import { tokenAtom } from './token';

export const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/** SPEC §8: 401, 500, any other status with its code, and a request that got no response. */
function logApiError(error: HttpError): void {
  const where = `${error.method} ${error.url}`;
  if (error.status === undefined) console.error(`API error: none received (${where})`, error.cause);
  else if (error.status === 401) console.error(`API error: unauthorized, possibly invalid token (${where})`);
  else if (error.status === 500) console.error(`API error: server error (${where})`);
  else console.error(`API error: status ${error.status} (${where})`);
}

/** What src/early-start.ts asked for before the app ran, by the address it asked. */
const EARLY = {
  [`${API_BASE}/api/users/validateUser`]: 'earlySessionCheck',
  [`${API_BASE}/api/users/sentRequests`]: 'earlySentRequests',
} as const satisfies Record<string, keyof Window>;

/** An answer src/early-start.ts asked for before the app ran, for a GET of it with the same token; once. */
function earlyAnswerTo(url: string, init?: RequestInit): Promise<Response> | undefined {
  const name = Object.hasOwn(EARLY, url) ? EARLY[url] : undefined;
  const early = name === undefined ? undefined : window[name];
  const headers = init?.headers as Record<string, string> | undefined;
  if (name === undefined || early === undefined || init?.method !== 'GET') return undefined;
  if (headers?.authorization !== early.authorization) return undefined;
  delete window[name];
  return early.answer;
}

export const apiClient = createClient({
  base: API_BASE,
  token: () => appStore.get(tokenAtom),
  onError: logApiError,
  // The session check and the sent requests asked for before the app ran answer the first ones.
  fetch: (input, init) => earlyAnswerTo(String(input), init) ?? fetch(input, init),
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
  return error instanceof HttpError ? error.status : undefined;
}

/** The server's `{ message }` of a failed call, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof HttpError ? error.serverMessage : undefined;
}

/** The seconds a refused call's `Retry-After` asks to wait, when the server sent one. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.retryAfterSeconds : undefined;
}

/** Only this ends a session (DESIGN §6). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.failure === 'unauthorized';
}

/** The request never got an answer: offline, DNS, a dropped connection. Not a sign-out. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof HttpError && error.failure === 'offline';
}
