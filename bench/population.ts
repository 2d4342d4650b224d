/**
 * The seeded population, described once so the seeding SQL and the load generator agree: user i
 * (1-based) and vehicle i get fixed ids, vehicle i has a fixed registration number and owner.
 */

/** Every owner has this many vehicles, at every tier, so per-owner reads compare across tiers. */
const VEHICLES_PER_OWNER = 2;
/** Signed-in users the load comes from (users 1…LOAD_USERS, each with a session). */
export const LOAD_USERS = 500;
/** Unread notifications each load user has, at every tier. */
export const UNREAD_PER_LOAD_USER = 10;
/** Background notifications: this many per vehicle, spread over all users, half of them read. */
export const NOTIFICATIONS_PER_VEHICLE = 0.5;

export const ownerCount = (vehicles: number) => Math.ceil(vehicles / VEHICLES_PER_OWNER);

const hex12 = (i: number) => i.toString(16).padStart(12, '0');
export const userId = (i: number) => `00000000-0000-4000-8000-${hex12(i)}`;
export const vehicleId = (i: number) => `00000000-0000-4000-9000-${hex12(i)}`;

/** Owner of vehicle i: vehicles 1…N go round the owners, so each owns VEHICLES_PER_OWNER. */
export const ownerOf = (vehicle: number, vehicles: number) => ((vehicle - 1) % ownerCount(vehicles)) + 1;

const SERIES_NUMBERS = 9999;
const DISTRICT_CODES = 86;

/**
 * Registration number of vehicle i in its stored form: KL, district 01–86, a two-letter series,
 * 0001–9999 (`kl07ab1234`). Distinct for every i below 58 million; i > N gives a number nobody has.
 */
export function vehicleNumber(i: number): string {
  const index = i - 1;
  const serial = (index % SERIES_NUMBERS) + 1;
  const rest = Math.floor(index / SERIES_NUMBERS);
  const district = (rest % DISTRICT_CODES) + 1;
  const series = Math.floor(rest / DISTRICT_CODES);
  const letters = String.fromCharCode(97 + Math.floor(series / 26), 97 + (series % 26));
  return `kl${String(district).padStart(2, '0')}${letters}${String(serial).padStart(4, '0')}`;
}

/** The same numbering in SQL, for generate_series (`i` is the series column). */
export const VEHICLE_NUMBER_SQL = `'kl' || lpad((((i - 1) / ${SERIES_NUMBERS}) % ${DISTRICT_CODES} + 1)::text, 2, '0')
  || chr(97 + ((i - 1) / ${SERIES_NUMBERS} / ${DISTRICT_CODES}) / 26)
  || chr(97 + ((i - 1) / ${SERIES_NUMBERS} / ${DISTRICT_CODES}) % 26)
  || lpad(((i - 1) % ${SERIES_NUMBERS} + 1)::text, 4, '0')`;

export const userIdSql = (column: string) =>
  `('00000000-0000-4000-8000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;
export const vehicleIdSql = (column: string) =>
  `('00000000-0000-4000-9000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;
