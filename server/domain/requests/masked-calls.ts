import type { FastifyBaseLogger } from 'fastify';
import { TelephonyUnavailable, type Telephony } from '../../providers/telephony';
import { HttpError } from '../../lib/http-error';
import type { RequestContent } from './reach';

/** A masked call about `vehicleNumber` as a request of kind `call`: what its receiver reads of it. */
export function callRequest(vehicleId: string, vehicleNumber: string): RequestContent {
  const plate = vehicleNumber.toUpperCase();
  return {
    kind: 'call',
    vehicleId,
    vehicleNumber,
    templateKey: null,
    title: `Call about ${plate}`,
    content: `A call through Vahan Contact about ${plate}: answer the call from our number.`,
  };
}

/**
 * Asks the provider to ring `caller` and connect `callee`, for a call already stored (so that it counts
 * toward the call windows while the provider is asked, and two calls at once cannot both slip through);
 * when the provider does not place it, throws the HttpError to answer (503 or 502), and the call is
 * forgotten by the entry that stored it.
 */
export async function placeCall(
  telephony: Telephony,
  log: FastifyBaseLogger,
  callId: string,
  numbers: { caller: string; callee: string },
): Promise<void> {
  try {
    await telephony.connect(numbers);
  } catch (error) {
    log.warn({ err: error, callId }, 'masked call: the provider did not place the call');
    throw error instanceof TelephonyUnavailable
      ? new HttpError(503, (i18n) => i18n._('server.calls.providerDown'))
      : new HttpError(502, (i18n) => i18n._('server.calls.notPlaced'));
  }
}
