import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aUser } from '../testing/fixtures';
import { removeToken, saveToken, setUser, startSession, tokenAtom, userAtom } from './user';

describe('user state', () => {
  it('setUser merges the given fields into the current user', () => {
    setUser(aUser({ name: 'Anjali', phoneVisible: true }));
    setUser({ phoneVisible: false });
    expect(appStore.get(userAtom)).toEqual(aUser({ name: 'Anjali', phoneVisible: false }));
  });

  it('saveToken stores the token in localStorage under "token" as JSON and in the atom', () => {
    saveToken('abc');
    expect(localStorage.getItem('token')).toBe('"abc"');
    expect(appStore.get(tokenAtom)).toBe('abc');
  });

  it('removeToken removes it from localStorage and the atom', () => {
    saveToken('abc');
    removeToken();
    expect(localStorage.getItem('token')).toBeNull();
    expect(appStore.get(tokenAtom)).toBeNull();
  });

  it('startSession stores the user and the token together', () => {
    startSession(aUser(), 'abc');
    expect(appStore.get(userAtom)).toEqual(aUser());
    expect(localStorage.getItem('token')).toBe('"abc"');
  });
});
