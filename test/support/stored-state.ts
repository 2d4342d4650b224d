import type { Page } from 'playwright-core';

/** A store of the page's IndexedDB: the app's (src/state/persist.ts) or the worker's (common/worker-store.ts). */
export interface StoreName {
  database: 'vahan-contact' | 'vahan-contact-worker';
  store: string;
}

export const APP_STATE: StoreName = { database: 'vahan-contact', store: 'state' };
export const WORKER_STORE: StoreName = { database: 'vahan-contact-worker', store: 'keyval' };

/**
 * The value under `key` (with `key` null: every key of the store), read with the raw API. It never
 * creates the database: opening one the app has not created yet would make an empty one, in which the
 * app's own store could never be made, and reading a store that is not there would never answer.
 * A database or store not made yet reads as undefined (no keys).
 */
function read(page: Page, name: StoreName, key: string | null): Promise<unknown> {
  return page.evaluate(
    ({ database, store, key: wanted }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(undefined) : reject(open.error));
        open.onsuccess = () => {
          const opened = open.result;
          if (!opened.objectStoreNames.contains(store)) {
            opened.close();
            resolve(undefined);
            return;
          }
          const objects = opened.transaction(store).objectStore(store);
          const request = wanted === null ? objects.getAllKeys() : objects.get(wanted);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            opened.close();
            resolve(request.result);
          };
        };
      }),
    { ...name, key },
  );
}

/** The value the app or the worker stored under `key`; undefined when nothing is stored yet. */
export function readStored<T>(page: Page, name: StoreName, key: string): Promise<T | undefined> {
  return read(page, name, key) as Promise<T | undefined>;
}

/** The keys stored so far, as strings. */
export async function storedKeys(page: Page, name: StoreName): Promise<string[]> {
  const keys = (await read(page, name, null)) as IDBValidKey[] | undefined;
  return (keys ?? []).map(String);
}
