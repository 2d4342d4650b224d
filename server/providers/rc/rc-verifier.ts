import { normalisePhone } from '#common/phone';

/** What we read of a vehicle's national RC record: nothing about its owner is kept or returned. */
export interface RcRecord {
  /** False when the registry has no record of the number. */
  found: boolean;
  /** The RC is in force (not cancelled or suspended). */
  active: boolean;
  chassis: string;
  engine: string;
  /** The registered owner's mobile number when the record carries one (it often does not). */
  mobile: string | null;
  /** The id the provider knows this check by, kept as the proof's reference. */
  verificationId: string;
}

/** A provider of the national vehicle registry (VAHAN). Another provider implements this too. */
export interface RcVerifier {
  /** Rejects with RcProviderError when the provider cannot answer (down, refused, too slow). */
  lookUp(vehicleNumber: string): Promise<RcRecord>;
}

export class RcProviderError extends Error {
  override name = 'RcProviderError';
}

/** Upper case without spaces, so "mb 123 45" and "MB12345" are the same characters. */
const comparable = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** All a check compares of a chassis or engine number: its last five characters (fewer never match). */
export const lastFiveOf = (text: string) => comparable(text).slice(-5);

/** Whether the typed last five characters are those of the record's chassis and engine numbers. */
export function matchesRecord(record: RcRecord, chassisLast5: string, engineLast5: string): boolean {
  const chassis = comparable(record.chassis);
  const engine = comparable(record.engine);
  return (
    chassis.length >= 5 &&
    engine.length >= 5 &&
    chassis.slice(-5) === comparable(chassisLast5) &&
    engine.slice(-5) === comparable(engineLast5)
  );
}

/** Whether the record carries no mobile number, or carries the account's own (10 digits, normalised). */
export function mobileAllows(record: RcRecord, accountPhone: string): boolean {
  if (!record.mobile?.trim()) return true;
  return normalisePhone(record.mobile) === accountPhone;
}
