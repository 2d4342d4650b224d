import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aUser } from '../testing/fixtures';
import { setUser, startSession, userAtom } from './user';

describe('user state', () => {
  it('setUser merges the given fields into the current user', () => {
    setUser(aUser({ name: 'Anjali', phoneVisible: true }));
    setUser({ phoneVisible: false });
    expect(appStore.get(userAtom)).toEqual(aUser({ name: 'Anjali', phoneVisible: false }));
  });

  it('startSession stores the user and the token together', () => {
    startSession(aUser(), 'abc');
    expect(appStore.get(userAtom)).toEqual(aUser());
    expect(localStorage.getItem('token')).toBe('"abc"');
  });
});
