import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aVehicle } from '../testing/fixtures';
import { addVehicle, removeVehicle, setVehicles, updateVehicle, vehiclesAtom } from './vehicles';

const first = aVehicle({ _id: 'v1', name: 'Swift' });
const second = aVehicle({ _id: 'v2', name: 'Activa', vehicleType: 'Two' });

describe('vehicles state', () => {
  it('setVehicles replaces the list', () => {
    setVehicles([first]);
    setVehicles([second]);
    expect(appStore.get(vehiclesAtom)).toEqual([second]);
  });

  it('addVehicle puts the new vehicle first', () => {
    setVehicles([first]);
    addVehicle(second);
    expect(appStore.get(vehiclesAtom).map((vehicle) => vehicle._id)).toEqual(['v2', 'v1']);
  });

  it('updateVehicle merges fields into the vehicle with that _id only', () => {
    setVehicles([first, second]);
    updateVehicle({ _id: 'v1', name: 'Baleno' });
    expect(appStore.get(vehiclesAtom)).toEqual([{ ...first, name: 'Baleno' }, second]);
  });

  it('removeVehicle removes the vehicle with that id', () => {
    setVehicles([first, second]);
    removeVehicle('v1');
    expect(appStore.get(vehiclesAtom)).toEqual([second]);
  });
});
