import type * as IdbKeyval from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../testing/fixtures';
import { tokenAtom } from '../lib/token';
import { setUser, userAtom } from './user';
import { loadPersisted, persistIdle } from './persist';
import { appStore } from '../lib/store';
import { storageProblemAtom } from '../lib/storage-problem';

vi.mock('idb-keyval', async (importOriginal) => ({
  ...(await importOriginal<typeof IdbKeyval>()),
  getMany: () => Promise.reject(new Error('database blocked')),
  set: () => Promise.reject(new Error('quota exceeded')),
}));

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('storage failures', () => {
  it('a failing read starts signed in with no stored copy, and logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    appStore.set(tokenAtom, 'abc');
    stop = await loadPersisted();
    expect(appStore.get(userAtom)).toBeNull();
    expect(log).toHaveBeenCalledWith('Could not read the stored user and vehicles', expect.any(Error));
  });

  it('a failing write is logged, told as a storage problem, and the state keeps its value', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stop = await loadPersisted();
    setUser(aUser());
    await persistIdle();
    expect(appStore.get(userAtom)).toEqual(aUser());
    expect(log).toHaveBeenCalledWith('Could not store user', expect.any(Error));
    expect(appStore.get(storageProblemAtom)).toBe('failing');
  });
});
