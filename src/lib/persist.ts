/**
 * The user and their vehicles survive reloads and offline starts (DESIGN §6): read from IndexedDB
 * once before the first render, written back whenever they change. Storage failures (private mode,
 * quota, a blocked database) are logged and never stop the app.
 */
import { createStore, del, getMany, set, type UseStore } from 'idb-keyval';
import type { User, Vehicle } from '#common/api';
import { syncTokenFromStorage, tokenAtom, userAtom } from '../state/user';
import { vehiclesAtom } from '../state/vehicles';
import { syncPendingPhoneFromStorage } from '../state/pending-phone';
import { appStore } from './store';

const USER_KEY = 'user';
const VEHICLES_KEY = 'vehicles';

let database: UseStore | undefined;

function stateDatabase(): UseStore {
  database ??= createStore('vahan-contact', 'state');
  return database;
}

async function readStored(): Promise<{ user: User | null; vehicles: Vehicle[] }> {
  try {
    const [user, vehicles] = await getMany<unknown>([USER_KEY, VEHICLES_KEY], stateDatabase());
    return {
      user: isUser(user) ? user : null,
      vehicles: Array.isArray(vehicles) ? (vehicles as Vehicle[]) : [],
    };
  } catch (error) {
    console.error('Could not read the stored user and vehicles', error);
    return { user: null, vehicles: [] };
  }
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as User)._id === 'string';
}

let writes: Promise<void> = Promise.resolve();

/** Writes are chained so the stored copy always ends as the last value set. */
function write(key: string, value: unknown): void {
  writes = writes.then(async () => {
    try {
      if (value === null) await del(key, stateDatabase());
      else await set(key, value, stateDatabase());
    } catch (error) {
      console.error(`Could not store ${key}`, error);
    }
  });
}

/**
 * Fills the store from localStorage, sessionStorage and IndexedDB, then keeps IndexedDB up to date.
 * Returns the function that stops writing (tests load more than once).
 */
export async function loadPersisted(): Promise<() => void> {
  syncTokenFromStorage();
  syncPendingPhoneFromStorage();
  // A stored copy without a token belongs to a session that ended: it is not shown.
  if (appStore.get(tokenAtom) !== null) {
    const stored = await readStored();
    appStore.set(userAtom, stored.user);
    appStore.set(vehiclesAtom, stored.vehicles);
  }
  const stopUser = appStore.sub(userAtom, () => write(USER_KEY, appStore.get(userAtom)));
  const stopVehicles = appStore.sub(vehiclesAtom, () => write(VEHICLES_KEY, appStore.get(vehiclesAtom)));
  return () => {
    stopUser();
    stopVehicles();
  };
}

/** Resolves once every write issued so far has finished (sign-out, tests). */
export function persistIdle(): Promise<void> {
  return writes;
}
