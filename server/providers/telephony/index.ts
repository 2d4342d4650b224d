import type { Config } from '../../config';
import type { FlowCaller } from '../fallback-providers';
import { exotelFlowCaller } from './exotel-flow-call';
import { exotelTelephony } from './exotel-telephony';
import type { Telephony } from './telephony';

export type { Telephony } from './telephony';
export { TelephonyRefused, TelephonyUnavailable } from './telephony';

/** The configured provider, or null when masked calls are off. */
export function createTelephony(config: Config['telephony']): Telephony | null {
  return config.provider === 'exotel' ? exotelTelephony(config) : null;
}

/** The automatic call of the fallback ladder, or null when its step is off (no Exotel, or no flow). */
export function createFlowCaller(config: Config): FlowCaller | null {
  const { telephony, fallback } = config;
  return telephony.provider === 'exotel' && fallback.callFlow
    ? exotelFlowCaller(telephony, fallback.callFlow.url)
    : null;
}
