import { describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from './token';

describe('token storage', () => {
  it('stores the token as JSON under "token"', () => {
    setToken('abc');
    expect(localStorage.getItem('token')).toBe('"abc"');
    expect(getToken()).toBe('abc');
  });

  it('clearToken removes it', () => {
    setToken('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('a value that is not a JSON string counts as no token', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('token', 'not json');
    expect(getToken()).toBeNull();
  });
});
