import type { ExotelConfig } from './exotel-settings';
import { withoutPhoneNumbers } from '#common/contact-details';
import { TelephonyRefused, TelephonyUnavailable, type Telephony } from './telephony';

const DEFAULT_TIMEOUT_MS = 10_000;

/** Exotel's documented error body: `{"RestException": {"Status": 400, "Message": "…"}}`. */
function exotelMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { RestException?: { Message?: unknown } };
    const message = parsed.RestException?.Message;
    // Its message may quote a number: logged without the digits.
    if (typeof message === 'string') return withoutPhoneNumbers(message);
  } catch {
    // Exotel answers XML unless asked otherwise; the status says enough then.
  }
  return 'no message';
}

/** What both of Exotel's call requests share: the account, the auth, and how failures are told apart. */
export interface ExotelRequestOptions {
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * POSTs `form` to the account's `Calls/connect` (form-encoded, HTTP basic auth with the API key and
 * token) and resolves with Exotel's answer; rejects as unavailable or refused, never quoting the form.
 */
export async function postExotelCall(
  config: ExotelConfig,
  form: URLSearchParams,
  { timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch }: ExotelRequestOptions = {},
): Promise<string> {
  const url = new URL(`/v1/Accounts/${encodeURIComponent(config.accountSid)}/Calls/connect`, config.baseUrl);
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.apiToken}`).toString('base64')}`;
  let response: Response;
  let body: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.text();
  } catch (error) {
    throw new TelephonyUnavailable(`Exotel did not answer: ${(error as Error).name}`);
  }
  if (!response.ok) {
    // Never the request: it holds the numbers.
    throw new TelephonyRefused(`Exotel refused the call: HTTP ${response.status}, ${exotelMessage(body)}`);
  }
  return body;
}

/**
 * Exotel's "connect two numbers" (`POST /v1/Accounts/{sid}/Calls/connect`): `From` is rung first,
 * then `To`, both shown the ExoPhone (`CallerId`), for `CALL_TIME_LIMIT_S` at most (`TimeLimit`).
 */
export function exotelTelephony(config: ExotelConfig, options: ExotelRequestOptions = {}): Telephony {
  return {
    async connect({ caller, callee }) {
      const form = new URLSearchParams({
        From: `+91${caller}`,
        To: `+91${callee}`,
        CallerId: config.callerId,
        CallType: 'trans',
        TimeLimit: String(config.callTimeLimitS),
      });
      await postExotelCall(config, form, options);
    },
  };
}
