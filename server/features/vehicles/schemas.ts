import { z } from 'zod';
import { VEHICLE_NAME_MAX } from '#common/limits';
import { DEFAULT_VEHICLE_TYPE, VEHICLE_TYPES } from '#common/vehicle-types';
import { vehicleNumberField } from '../../lib/vehicle-number-field';
import { idSchema, trimmedText } from '../../lib/validation';

const vehicleName = trimmedText(1, VEHICLE_NAME_MAX);

export const addVehicleBody = z.strictObject({
  vehicleType: z.enum(VEHICLE_TYPES).default(DEFAULT_VEHICLE_TYPE),
  name: vehicleName,
  vehicleNumber: vehicleNumberField,
});

export const updateVehicleBody = z
  .strictObject({
    id: idSchema,
    name: vehicleName.optional(),
    vehicleNumber: vehicleNumberField.optional(),
  })
  .refine((body) => body.name !== undefined || body.vehicleNumber !== undefined, {
    message: 'name or vehicleNumber is required',
  });

export const deleteVehicleQuery = z.strictObject({ id: idSchema });
