/**
 * The user, their vehicles and the last search's results survive reloads and offline starts
 * (DESIGN §6; the results so that an owner found before can be messaged from a basement, the message
 * waiting in the outbox): read from IndexedDB
 * once before the first render, written back whenever they change. Storage failures (private mode,
 * quota, a blocked database) are logged and never stop the app; a failed write is also shown to the
 * user (lib/storage-problem.ts).
 */
import type { UseStore } from 'idb-keyval';
import type { OwnedVehicle, User, Vehicle } from '#common/api';
import { ownersAtom } from './owners';
import { userAtom } from './user';
import { vehiclesAtom } from './vehicles';
import { syncPendingPhoneFromStorage } from './pending-phone';
import { appStore } from '../lib/store';
import { reportStorageProblem } from '../lib/storage-problem';
import { tokenAtom } from '../lib/token';

const USER_KEY = 'user';
const VEHICLES_KEY = 'vehicles';
const OWNERS_KEY = 'owners';

let database: UseStore | undefined;

/**
 * The state's store in IndexedDB. idb-keyval loads with the first read or write, which the first load
 * of /login never makes: a visitor's start reads nothing, and nothing is written before sign-in.
 */
export async function stateDatabase(): Promise<UseStore> {
  const { createStore } = await import('idb-keyval');
  database ??= createStore('vahan-contact', 'state');
  return database;
}

async function readMany(keys: string[]): Promise<unknown[]> {
  const [{ getMany }, store] = await Promise.all([import('idb-keyval'), stateDatabase()]);
  return getMany<unknown>(keys, store);
}

interface Stored {
  user: User | null;
  vehicles: Vehicle[];
  owners: OwnedVehicle[] | null;
}

async function readStored(): Promise<Stored> {
  try {
    // The contract (and zod) load only for a signed-in start, never with the first load of /login.
    const [[user, vehicles, owners], contract] = await Promise.all([
      readMany([USER_KEY, VEHICLES_KEY, OWNERS_KEY]),
      import('#common/api'),
    ]);
    const storedUser = contract.user.safeParse(user);
    const storedVehicles = contract.vehicleList.safeParse(vehicles);
    const storedOwners = contract.ownedVehicleList.safeParse(owners);
    return {
      user: storedUser.success ? storedUser.data : null,
      vehicles: storedVehicles.success ? storedVehicles.data : [],
      owners: storedOwners.success ? storedOwners.data : null,
    };
  } catch (error) {
    console.error('Could not read the stored user and vehicles', error);
    return { user: null, vehicles: [], owners: null };
  }
}

let markStoredRead = () => {};
/** Resolves once the first loadPersisted has put the stored user (if any) in the store. */
export const storedStateLoaded = new Promise<void>((resolve) => (markStoredRead = resolve));

let writes: Promise<void> = Promise.resolve();

/** Writes are chained so the stored copy always ends as the last value set; `null` removes the key. */
export function writeStored(key: string, value: unknown): void {
  writes = writes.then(async () => {
    try {
      const [{ del, set }, store] = await Promise.all([import('idb-keyval'), stateDatabase()]);
      if (value === null) await del(key, store);
      else await set(key, value, store);
    } catch (error) {
      console.error(`Could not store ${key}`, error);
      reportStorageProblem(error);
    }
  });
}

/**
 * Fills the store from sessionStorage and IndexedDB, then keeps IndexedDB up to date.
 * Returns the function that stops writing (tests load more than once).
 */
export async function loadPersisted(): Promise<() => void> {
  syncPendingPhoneFromStorage();
  // A stored copy without a token belongs to a session that ended: it is not shown.
  if (appStore.get(tokenAtom) !== null) {
    const stored = await readStored();
    appStore.set(userAtom, stored.user);
    appStore.set(vehiclesAtom, stored.vehicles);
    appStore.set(ownersAtom, stored.owners);
  }
  markStoredRead();
  const stopUser = appStore.sub(userAtom, () => writeStored(USER_KEY, appStore.get(userAtom)));
  const stopVehicles = appStore.sub(vehiclesAtom, () =>
    writeStored(VEHICLES_KEY, appStore.get(vehiclesAtom)),
  );
  const stopOwners = appStore.sub(ownersAtom, () => writeStored(OWNERS_KEY, appStore.get(ownersAtom)));
  return () => {
    stopUser();
    stopVehicles();
    stopOwners();
  };
}

/** Resolves once every write issued so far has finished (sign-out, tests). */
export function persistIdle(): Promise<void> {
  return writes;
}
