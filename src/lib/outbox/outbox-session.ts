/**
 * Whose outbox the page sends: the signed-in user and their token. lib/ does not read state/, so the
 * user's atom is handed in once by the signed-in shell (src/app/signed-in-area.tsx).
 */
import type { WorkerSession } from '#common/worker-store';
import { appStore, atom, type Atom } from '../store';
import { tokenAtom } from '../token';

/** What the outbox needs of the signed-in user. */
interface OutboxUser {
  _id: string;
  language: WorkerSession['language'];
}

let userSource: Atom<OutboxUser | null> = atom(null);

export function bindOutboxUser(source: Atom<OutboxUser | null>): void {
  userSource = source;
}

export function outboxSession(): WorkerSession | null {
  const token = appStore.get(tokenAtom);
  const user = appStore.get(userSource);
  return token && user ? { userId: user._id, token, language: user.language } : null;
}

/** Calls `listener` whenever the signed-in user changes; returns the function that stops it. */
export function followOutboxUser(listener: () => void): () => void {
  return appStore.sub(userSource, listener);
}
