/** SPEC §7: the signed-in user's own vehicles. */
import type { AddVehiclePayload, UpdateVehiclePayload, Vehicle } from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

export function fetchMyVehicles(): Promise<Vehicle[]> {
  return apiClient<Vehicle[]>('/api/users/getMyVehicles');
}

export function postVehicle(payload: AddVehiclePayload): Promise<Vehicle> {
  return apiClient<Vehicle>('/api/users/addVehicle', { method: 'POST', body: payload });
}

export function patchVehicle(payload: UpdateVehiclePayload): Promise<Vehicle> {
  return apiClient<Vehicle>('/api/users/updateVehicle', { method: 'PATCH', body: payload });
}

/** SPEC §8: this call swallows its errors; `undefined` means it failed. */
export function deleteVehicle(id: string): Promise<{ message: string } | undefined> {
  return swallowErrors(
    apiClient<{ message: string }>('/api/users/deleteVehicle', { method: 'DELETE', query: { id } }),
  );
}
