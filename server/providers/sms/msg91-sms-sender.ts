import type { Msg91Config } from './sms-settings';
import { withoutPhoneNumbers } from '#common/contact-details';
import type { Language } from '#common/languages';
import type { NoticeSender } from '../fallback-providers';
import type { SmsSender } from './sms-sender';

/** MSG91 answers `{"type":"success"|"error", "message"}`, often with HTTP 200 for an error: the body decides. */
async function checkAnswer(response: Response): Promise<void> {
  const answer = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
  if (!response.ok || answer?.type !== 'success') {
    const reason = typeof answer?.message === 'string' ? withoutPhoneNumbers(answer.message) : 'no message';
    throw new Error(`MSG91 refused the SMS: HTTP ${response.status}, ${reason}`);
  }
}

interface Msg91Options {
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Sends a DLT template through MSG91's Flow API (`POST /api/v5/flow`) to one recipient with its
 * variables, everything in the JSON body and the auth key in the `authkey` header: nothing of it in
 * the URL, which proxies and logs keep.
 */
async function sendFlow(
  config: Msg91Config,
  templateId: string,
  recipient: { mobiles: string } & Record<string, string>,
  { timeoutMs = 10_000, fetchImpl = fetch }: Msg91Options,
): Promise<void> {
  const response = await fetchImpl(new URL('/api/v5/flow', config.baseUrl), {
    method: 'POST',
    headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ template_id: templateId, short_url: '0', recipients: [recipient] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await checkAnswer(response);
}

/**
 * Our own code through MSG91's Flow API, on the operator's DLT-approved template `MSG91_TEMPLATE_ID`
 * with `##otp##` where the code goes. MSG91 only delivers: we generate and check the codes. Not its
 * SendOTP API (`/api/v5/otp`): that one takes the code only in the URL's query string.
 */
export function msg91SmsSender(config: Msg91Config, options: Msg91Options = {}): SmsSender {
  return {
    sendCode: (phone, code) =>
      sendFlow(config, config.templateId, { mobiles: `91${phone}`, otp: code }, options),
  };
}

/**
 * The fallback SMS through MSG91's Flow API (`POST /api/v5/flow`): a DLT-approved template per
 * language (`templates`), with the vehicle's number as its one variable, `##vehicle##`.
 */
export function msg91NoticeSender(
  config: Msg91Config,
  templates: Record<Language, string>,
  options: Msg91Options = {},
): NoticeSender {
  return {
    async sendNotice({ phone, plate, language }) {
      await sendFlow(
        config,
        templates[language],
        { mobiles: `91${phone}`, ...(plate ? { vehicle: plate } : {}) },
        options,
      );
    },
  };
}
