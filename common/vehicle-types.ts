export const VEHICLE_TYPES = ['Four', 'Three', 'Two', 'Heavy'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'Four';

export function isVehicleType(value: string): value is VehicleType {
  return (VEHICLE_TYPES as readonly string[]).includes(value);
}
