/** Accounts are for adults only (DPDP Act 2023 asks a guardian's consent for anyone younger). */
export const ADULT_AGE = 18;

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** Today's date in India Standard Time, `YYYY-MM-DD`. */
function todayInIndia(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Whether someone born on `dateOfBirth` (`YYYY-MM-DD`) is 18 or older on `now`'s date in India; one born
 * on 29 February comes of age on 1 March.
 */
export function isAdult(dateOfBirth: string, now: Date): boolean {
  const year = Number(dateOfBirth.slice(0, 4));
  return `${String(year + ADULT_AGE).padStart(4, '0')}${dateOfBirth.slice(4)}` <= todayInIndia(now);
}

/** The latest date of birth of someone 18 or older on `now`'s date in India (for a date input's `max`). */
export function latestAdultDateOfBirth(now: Date): string {
  const today = todayInIndia(now);
  const year = Number(today.slice(0, 4)) - ADULT_AGE;
  // 29 February 18 years back is no date: one born on the 28th is of age today.
  const monthDay = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
  return `${String(year).padStart(4, '0')}${monthDay}`;
}
