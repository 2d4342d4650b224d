import type { Vehicle } from '#common/api';
import type { SignedIn, TestApp } from './test-app';

let vehicleCounter = 0;
/** A fresh valid, normalised vehicle number per call, unique within the test file. */
export function nextVehicleNumber(): string {
  vehicleCounter += 1;
  return `kl${String(vehicleCounter % 100).padStart(2, '0')}ab${String(vehicleCounter).padStart(4, '0')}`;
}

/** Adds a vehicle for a signed-in user through the API and returns it. */
export async function addVehicle(
  t: TestApp,
  owner: SignedIn,
  body: Record<string, unknown> = {},
): Promise<Vehicle> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/addVehicle',
    headers: owner.headers,
    payload: { name: 'Family car', vehicleNumber: nextVehicleNumber(), ...body },
  });
  if (response.statusCode !== 201) throw new Error(`addVehicle failed: ${response.body}`);
  return response.json<Vehicle>();
}
