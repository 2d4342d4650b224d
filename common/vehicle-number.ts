/** SPEC §5: 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits, case-insensitive. */
const VEHICLE_NUMBER_PATTERN = /^[a-z]{2}\d{2}[a-z0-9]{1,2}\d{4}$/i;

/** The stored form: lower case, no spaces or hyphens ("KL 07-AB 1234" → "kl07ab1234"). */
export function normaliseVehicleNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toLowerCase();
}

export function isValidVehicleNumber(input: string): boolean {
  return VEHICLE_NUMBER_PATTERN.test(normaliseVehicleNumber(input));
}

/**
 * A plate as a stranger may see it: the state code and the last four digits, the rest hidden
 * ("kl07ab1234" → "KL ** ** 1234"), whatever the length of the hidden part.
 */
export function maskedVehicleNumber(vehicleNumber: string): string {
  const plate = normaliseVehicleNumber(vehicleNumber).toUpperCase();
  return `${plate.slice(0, 2)} ** ** ${plate.slice(-4)}`;
}
