/** SPEC §3 client state: the signed-in user and the token that proves it. */
import type { User } from '#common/api';
import { appAtom, appStore } from '../lib/store';
import { clearToken, getToken, setToken } from '../lib/token';

export const userAtom = appAtom<User | null>(null);

/** Mirrors localStorage `token`; change it only through the functions below so both stay equal. */
export const tokenAtom = appAtom<string | null>(null);

/**
 * Merges the given fields into the current user. With no current user the fields must be a whole
 * user (sign-in, session check); the server is the only source of users.
 */
export function setUser(fields: Partial<User>): void {
  appStore.set(userAtom, (current) => ({ ...current, ...fields }) as User);
}

export function saveToken(token: string): void {
  setToken(token);
  appStore.set(tokenAtom, token);
}

export function removeToken(): void {
  clearToken();
  appStore.set(tokenAtom, null);
}

/** Re-reads localStorage: at start and when another tab signs in or out. */
export function syncTokenFromStorage(): void {
  appStore.set(tokenAtom, getToken());
}

/** A successful code verification: the user and the token are stored together. */
export function startSession(user: User, token: string): void {
  saveToken(token);
  appStore.set(userAtom, user);
}
