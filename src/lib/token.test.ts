import { describe, expect, it, vi } from 'vitest';
import { appStore, RESET } from './store';
import { tokenAtom } from './token';

/** What the browser tells this tab when another one writes `token`. */
function writtenByAnotherTab(value: string | null) {
  if (value === null) localStorage.removeItem('token');
  else localStorage.setItem('token', value);
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'token', newValue: value, storageArea: localStorage }),
  );
}

describe('the token', () => {
  it('is stored as JSON under "token" and held in the atom', () => {
    appStore.set(tokenAtom, 'abc');
    expect(localStorage.getItem('token')).toBe('"abc"');
    expect(appStore.get(tokenAtom)).toBe('abc');
    expect(appStore.get(tokenAtom)).toBe('abc');
  });

  it('clearToken removes it from localStorage and the atom', () => {
    appStore.set(tokenAtom, 'abc');
    appStore.set(tokenAtom, RESET);
    expect(localStorage.getItem('token')).toBeNull();
    expect(appStore.get(tokenAtom)).toBeNull();
  });

  it('follows another tab that signs in, then out', () => {
    const stop = appStore.sub(tokenAtom, () => undefined);
    writtenByAnotherTab(JSON.stringify('from-another-tab'));
    expect(appStore.get(tokenAtom)).toBe('from-another-tab');
    writtenByAnotherTab(null);
    expect(appStore.get(tokenAtom)).toBeNull();
    stop();
  });

  it('a stored value that is not JSON counts as no token', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = appStore.sub(tokenAtom, () => undefined);
    writtenByAnotherTab('not json');
    expect(appStore.get(tokenAtom)).toBeNull();
    stop();
  });
});
