import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, aVehicle } from '../testing/fixtures';
import { clearOwners, ownersAtom, setOwners } from './owners';
import { tokenAtom } from '../lib/token';
import { setUser, userAtom } from './user';
import { setVehicles, updateVehicle, vehiclesAtom } from './vehicles';
import { anOwnedVehicle } from '../testing/fixtures';
import { loadPersisted, persistIdle } from './persist';
import { appStore } from '../lib/store';

const database = createStore('vahan-contact', 'state');
let stop: (() => void) | undefined;

afterEach(async () => {
  stop?.();
  stop = undefined;
  await set('user', undefined, database);
  await set('vehicles', undefined, database);
  await set('owners', undefined, database);
});

describe('persisted state', () => {
  it('writes the user to IndexedDB when it changes', async () => {
    stop = await loadPersisted();
    setUser(aUser({ name: 'Stored' }));
    await persistIdle();
    expect(await get('user', database)).toEqual(aUser({ name: 'Stored' }));
  });

  it('writes the vehicles to IndexedDB when they change', async () => {
    stop = await loadPersisted();
    setVehicles([aVehicle()]);
    updateVehicle({ _id: aVehicle()._id, name: 'Renamed' });
    await persistIdle();
    expect(await get('vehicles', database)).toEqual([aVehicle({ name: 'Renamed' })]);
  });

  it('stores the last search results and forgets them when they are cleared', async () => {
    stop = await loadPersisted();
    setOwners([anOwnedVehicle()]);
    await persistIdle();
    expect(await get('owners', database)).toEqual([anOwnedVehicle()]);
    clearOwners();
    await persistIdle();
    expect(await get('owners', database)).toBeUndefined();
  });

  it('a reload offline shows the last search results again', async () => {
    await set('owners', [anOwnedVehicle()], database);
    appStore.set(tokenAtom, 'abc');
    stop = await loadPersisted();
    expect(appStore.get(ownersAtom)).toEqual([anOwnedVehicle()]);
  });

  it('a reload puts the stored user and vehicles in the store before anything renders', async () => {
    await set('user', aUser({ name: 'From disk' }), database);
    await set('vehicles', [aVehicle()], database);
    appStore.set(tokenAtom, 'abc');
    appStore.set(userAtom, null);
    stop = await loadPersisted();
    expect(appStore.get(userAtom)?.name).toBe('From disk');
    expect(appStore.get(vehiclesAtom)).toEqual([aVehicle()]);
  });

  it('a stored user without a token is not shown', async () => {
    await set('user', aUser(), database);
    stop = await loadPersisted();
    expect(appStore.get(userAtom)).toBeNull();
  });

  it('clearing the user removes the stored copy', async () => {
    stop = await loadPersisted();
    setUser(aUser());
    appStore.set(userAtom, null);
    await persistIdle();
    expect(await get('user', database)).toBeUndefined();
  });
});
