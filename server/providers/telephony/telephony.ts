/** Rings the caller first and, when they answer, connects the callee; both see only a virtual number. */
export interface Telephony {
  /** Numbers are 10-digit Indian mobiles. Resolves once the provider accepted the call. */
  connect(call: { caller: string; callee: string }): Promise<void>;
}

/** The provider answered, and refused the call (an error status or body). */
export class TelephonyRefused extends Error {
  override name = 'TelephonyRefused';
}

/** The provider could not be reached or did not answer in time. */
export class TelephonyUnavailable extends Error {
  override name = 'TelephonyUnavailable';
}
