/** SPEC §7: the signed-in user's own vehicles. */
import type {
  AddVehiclePayload,
  Registrant,
  UpdateVehiclePayload,
  Vehicle,
  VerifyVehiclePayload,
} from '#common/api';
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

/** Proves ownership against the RC record; the server's `{message}` says why when it refuses. */
export function postVerifyVehicle(payload: VerifyVehiclePayload): Promise<Vehicle> {
  return apiClient<Vehicle>('/api/users/verifyVehicle', { method: 'POST', body: payload });
}

/** The other accounts' registrations of a number the caller verified, verified or not (names only). */
export function fetchRegistrants(id: string): Promise<Registrant[]> {
  return apiClient<Registrant[]>('/api/users/vehicleRegistrants', { query: { id } });
}

export function postKeepHousehold(id: string, registrationId: string): Promise<Registrant[]> {
  return apiClient<Registrant[]>('/api/users/keepHousehold', {
    method: 'POST',
    body: { id, registrationId },
  });
}

/** Releases another registrant of the number, their proof included: they are no longer found. */
export function postReleaseHousehold(id: string, registrationId: string): Promise<Registrant[]> {
  return apiClient<Registrant[]>('/api/users/releaseHousehold', {
    method: 'POST',
    body: { id, registrationId },
  });
}
