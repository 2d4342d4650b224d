import type { Config } from '../../../config';
import { exotelTelephony } from './exotel-telephony';
import type { Telephony } from './telephony';

export type { Telephony } from './telephony';
export { TelephonyRefused, TelephonyUnavailable } from './telephony';

/** The configured provider, or null when masked calls are off. */
export function createTelephony(config: Config['telephony']): Telephony | null {
  return config.provider === 'exotel' ? exotelTelephony(config) : null;
}
