/** What we read of a vehicle's national RC record: nothing about its owner is kept or returned. */
export interface RcRecord {
  /** False when the registry has no record of the number. */
  found: boolean;
  /** The RC is in force (not cancelled or suspended). */
  active: boolean;
  chassis: string;
  engine: string;
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
