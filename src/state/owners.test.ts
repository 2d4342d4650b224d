import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { anOwnedVehicle } from '../testing/fixtures';
import { clearOwners, ownersAtom, setOwners } from './owners';

describe('owners state', () => {
  it('starts with no search made', () => {
    expect(appStore.get(ownersAtom)).toBeNull();
  });

  it('setOwners keeps the owner list', () => {
    setOwners([anOwnedVehicle()]);
    expect(appStore.get(ownersAtom)).toEqual([anOwnedVehicle()]);
  });

  it('clearOwners goes back to no search', () => {
    setOwners([anOwnedVehicle()]);
    clearOwners();
    expect(appStore.get(ownersAtom)).toBeNull();
  });
});
