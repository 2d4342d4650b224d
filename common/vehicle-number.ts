/** SPEC §5: 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits, case-insensitive. */
const VEHICLE_NUMBER_PATTERN = /^[a-z]{2}\d{2}[a-z0-9]{1,2}\d{4}$/i;
/** A Bharat-series plate: two digits of the year, BH, four digits, one or two letters ("22 BH 1234 AA"). */
const BHARAT_SERIES_PATTERN = /^\d{2}bh\d{4}[a-z]{1,2}$/;
/** A Kerala plate written with a one-digit office code ("KL 7 BQ 4521"), read as "KL 07 BQ 4521". */
const KERALA_ONE_DIGIT_OFFICE = /^kl(\d)([a-z]{1,2}\d{4})$/;

/**
 * The stored form: lower case, no spaces or hyphens ("KL 07-AB 1234" → "kl07ab1234"), a Kerala
 * office code of one digit padded to two ("KL 7 BQ 4521" → "kl07bq4521").
 */
export function normaliseVehicleNumber(input: string): string {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  return compact.replace(KERALA_ONE_DIGIT_OFFICE, 'kl0$1$2');
}

function isBharatSeries(input: string): boolean {
  return BHARAT_SERIES_PATTERN.test(normaliseVehicleNumber(input));
}

export function isValidVehicleNumber(input: string): boolean {
  const plate = normaliseVehicleNumber(input);
  return VEHICLE_NUMBER_PATTERN.test(plate) || BHARAT_SERIES_PATTERN.test(plate);
}

/** The plate's four-digit number: the last four characters, or the digits after BH on a Bharat-series plate. */
export function plateFourDigits(vehicleNumber: string): string {
  const plate = normaliseVehicleNumber(vehicleNumber);
  return isBharatSeries(plate) ? plate.slice(4, 8) : plate.slice(-4);
}

/**
 * A plate as a stranger may see it: the state and office codes (or BH) only, the rest hidden
 * ("kl07ab1234" → "KL 07 ** ****", "22bh1234aa" → "** BH **** **"), whatever the length of the hidden
 * part. The four digits never show: a stranger at the car proves being there by reading them.
 */
export function maskedVehicleNumber(vehicleNumber: string): string {
  const plate = normaliseVehicleNumber(vehicleNumber).toUpperCase();
  if (isBharatSeries(plate)) return '** BH **** **';
  return `${plate.slice(0, 2)} ${plate.slice(2, 4)} ** ****`;
}
