import { z } from 'zod';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';

/** A registration number as people type it, reduced to its stored form ("KL 07-AB 1234" → "kl07ab1234"). */
export const vehicleNumberField = z
  .string()
  .max(30)
  .transform((value, ctx) => {
    const vehicleNumber = normaliseVehicleNumber(value);
    if (!isValidVehicleNumber(vehicleNumber)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits (like KL07AB1234)',
      });
      return z.NEVER;
    }
    return vehicleNumber;
  });
