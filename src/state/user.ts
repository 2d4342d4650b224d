/** SPEC §3 client state: the signed-in user (the token that proves it is src/lib/token.ts). */
import type { User } from '#common/api';
import { bindOutboxUser } from '../lib/outbox/outbox-session';
import { appAtom, appStore } from '../lib/store';
import { tokenAtom } from '../lib/token';

export const userAtom = appAtom<User | null>(null);
bindOutboxUser(userAtom);

/**
 * Merges the given fields into the current user. With no current user the fields must be a whole
 * user (sign-in, session check); the server is the only source of users.
 */
export function setUser(fields: Partial<User>): void {
  appStore.set(userAtom, (current) => ({ ...current, ...fields }) as User);
}

/** A successful code verification: the user and the token are stored together. */
export function startSession(user: User, token: string): void {
  appStore.set(tokenAtom, token);
  appStore.set(userAtom, user);
}
