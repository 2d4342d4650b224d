/**
 * SPEC §3 client state: the vehicle owner list of the last search. Kept in IndexedDB for this
 * session only (offline, an owner found before can still be messaged); sign-out forgets it, as it is
 * other people's data. `null` means no search has been made yet.
 */
import type { OwnedVehicle } from '#common/api';
import { appAtom, appStore } from '../lib/store';

export const ownersAtom = appAtom<OwnedVehicle[] | null>(null);

export function setOwners(owners: OwnedVehicle[]): void {
  appStore.set(ownersAtom, owners);
}

export function clearOwners(): void {
  appStore.set(ownersAtom, null);
}
