/**
 * SPEC §3: the bearer token lives in localStorage under `token`, stored as JSON. `tokenAtom` is its
 * one copy in the app: read from localStorage when first used (before the first render), written
 * through on every change, and following other tabs' sign-ins and sign-outs while it is mounted.
 */
import { atomWithStorage } from 'jotai/utils';

// The default storage: localStorage, as JSON, following other tabs through the `storage` event.
export const tokenAtom = atomWithStorage<string | null>('token', null, undefined, { getOnInit: true });
