/** SPEC §7: the owner search. Its failure is reported by the panel, so the error is rethrown. */
import type { OwnedVehicle, VehicleOwnerQuery } from '#common/api';
import { apiClient } from '../../lib/api-client';

export function findVehicleOwners(vehicleNumber: string): Promise<OwnedVehicle[]> {
  const body: VehicleOwnerQuery = { vehicleNumber };
  return apiClient<OwnedVehicle[]>('/api/users/getVehicleOwner', { method: 'POST', body });
}
