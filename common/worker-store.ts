/**
 * The IndexedDB store both the page and the service worker read (a worker has no localStorage):
 * the signed-in session the worker acts for, and the outbox. Everything in it belongs to that
 * session and is wiped at logout.
 */
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import type { Language } from './languages';

let store: UseStore | undefined;

export function workerStore(): UseStore {
  store ??= createStore('vahan-contact-worker', 'keyval');
  return store;
}

export interface WorkerSession {
  userId: string;
  token: string;
  /** The user's language, for the worker's notifications; missing in a session saved before it. */
  language?: Language;
}

const SESSION_KEY = 'session';

export async function saveWorkerSession(session: WorkerSession): Promise<void> {
  await set(SESSION_KEY, session, workerStore());
}

export async function readWorkerSession(): Promise<WorkerSession | null> {
  const found = await get<WorkerSession>(SESSION_KEY, workerStore());
  return found && typeof found.token === 'string' && typeof found.userId === 'string' ? found : null;
}

/** Logout: the session and every queued request and notice go. */
export async function clearWorkerStore(): Promise<void> {
  await clear(workerStore());
}
