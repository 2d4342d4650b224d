/** SPEC §3 client state: the signed-in user's own vehicles. */
import type { Vehicle } from '#common/api';
import { appAtom, appStore } from '../lib/store';

export const vehiclesAtom = appAtom<Vehicle[]>([]);

export function setVehicles(vehicles: Vehicle[]): void {
  appStore.set(vehiclesAtom, vehicles);
}

/** Newest first, as the server lists them. */
export function addVehicle(vehicle: Vehicle): void {
  appStore.set(vehiclesAtom, (current) => [vehicle, ...current.filter((item) => item._id !== vehicle._id)]);
}

/** Merges the given fields into the vehicle with that `_id`. */
export function updateVehicle(fields: Partial<Vehicle> & Pick<Vehicle, '_id'>): void {
  appStore.set(vehiclesAtom, (current) =>
    current.map((item) => (item._id === fields._id ? { ...item, ...fields } : item)),
  );
}

export function removeVehicle(id: string): void {
  appStore.set(vehiclesAtom, (current) => current.filter((item) => item._id !== id));
}
