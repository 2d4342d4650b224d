import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aUser } from '../testing/fixtures';
import { patchUser, setUser, startSession, userAtom } from './user';

describe('user state', () => {
  it('patchUser merges the given fields into the signed-in user', () => {
    setUser(aUser({ name: 'Anjali', phoneVisible: true }));
    patchUser({ phoneVisible: false });
    expect(appStore.get(userAtom)).toEqual(aUser({ name: 'Anjali', phoneVisible: false }));
  });

  it('patchUser makes no user of its fields while no one is signed in', () => {
    patchUser({ phoneVisible: false });
    expect(appStore.get(userAtom)).toBeNull();
  });

  it('startSession stores the user and the token together', () => {
    startSession(aUser(), 'abc');
    expect(appStore.get(userAtom)).toEqual(aUser());
    expect(localStorage.getItem('token')).toBe('"abc"');
  });
});
