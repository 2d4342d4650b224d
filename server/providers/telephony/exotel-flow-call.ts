import type { ExotelConfig } from './exotel-settings';
import type { FlowCaller } from '../fallback-providers';
import { postExotelCall, type ExotelRequestOptions } from './exotel-telephony';
import { TelephonyRefused } from './telephony';

/** Longest an automatic call may last: the greeting, the keypad and a repeat fit in 2 minutes. */
const FLOW_CALL_TIME_LIMIT_S = 120;
/** How long the owner's phone rings before Exotel gives up. */
const FLOW_CALL_RING_S = 30;

/** The call's id in Exotel's answer: XML by default (`<Call><Sid>…`), JSON when asked for. */
function callSidOf(body: string): string | null {
  const xml = /<Sid>\s*([^<\s]+)\s*<\/Sid>/.exec(body)?.[1];
  if (xml) return xml;
  try {
    const sid = (JSON.parse(body) as { Call?: { Sid?: unknown } }).Call?.Sid;
    return typeof sid === 'string' && sid !== '' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * Exotel's "connect number to call flow" (`POST /v1/Accounts/{sid}/Calls/connect` with `Url` in place
 * of `To`): rings `From` from the ExoPhone and, when answered, runs the flow at `flowUrl`, which gets
 * `CustomField` (the request) with every webhook it calls.
 */
export function exotelFlowCaller(
  config: ExotelConfig,
  flowUrl: string,
  options: ExotelRequestOptions = {},
): FlowCaller {
  return {
    async callFlow({ to, requestId }) {
      const form = new URLSearchParams({
        From: `+91${to}`,
        CallerId: config.callerId,
        Url: flowUrl,
        CallType: 'trans',
        TimeLimit: String(FLOW_CALL_TIME_LIMIT_S),
        TimeOut: String(FLOW_CALL_RING_S),
        CustomField: requestId,
      });
      const callSid = callSidOf(await postExotelCall(config, form, options));
      if (!callSid) throw new TelephonyRefused('Exotel accepted the call but named no call Sid');
      return { callSid };
    },
  };
}
