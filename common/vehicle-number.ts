/** SPEC §5: 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits, case-insensitive. */
export const VEHICLE_NUMBER_PATTERN = /^[a-z]{2}\d{2}[a-z0-9]{1,2}\d{4}$/i;

/** The stored form: lower case, no spaces or hyphens ("KL 07-AB 1234" → "kl07ab1234"). */
export function normaliseVehicleNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toLowerCase();
}

export function isValidVehicleNumber(input: string): boolean {
  return VEHICLE_NUMBER_PATTERN.test(normaliseVehicleNumber(input));
}
