/** The one Jotai store of the app: React reads it through <Provider>, plain modules through `appStore`. */
import { atom, createStore, type PrimitiveAtom } from 'jotai';

export { atom, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';
export type { Atom, Getter, PrimitiveAtom, Setter, WritableAtom } from 'jotai';
/** Set on a storage atom (the token), it removes the stored value. */
export { RESET } from 'jotai/utils';

export const appStore = createStore();

const initialValues = new Map<PrimitiveAtom<unknown>, unknown>();

/** A primitive atom whose starting value `resetAppStore` can restore (sign-out, tests). */
export function appAtom<Value>(initial: Value): PrimitiveAtom<Value> {
  const created = atom(initial);
  initialValues.set(created as PrimitiveAtom<unknown>, initial);
  return created;
}

export function resetAppStore(): void {
  for (const [stored, initial] of initialValues) appStore.set(stored, initial);
}
