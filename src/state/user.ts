/** SPEC §3 client state: the signed-in user (the token that proves it is src/lib/token.ts). */
import type { User } from '#common/api';
import { appAtom, appStore } from '../lib/store';
import { tokenAtom } from '../lib/token';

export const userAtom = appAtom<User | null>(null);

/** The user as the server answered it (session check, a saved profile): the only source of users. */
export function setUser(user: User): void {
  appStore.set(userAtom, user);
}

/** Shows a change of the signed-in user before the server saved it; with no one signed in, nothing. */
export function patchUser(patch: Partial<User>): void {
  appStore.set(userAtom, (current) => current && { ...current, ...patch });
}

/** A successful code verification: the user and the token are stored together. */
export function startSession(user: User, token: string): void {
  appStore.set(tokenAtom, token);
  appStore.set(userAtom, user);
}
