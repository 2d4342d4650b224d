import type { Msg91Config } from '../../../config';
import { withoutPhoneNumbers } from '#common/contact-details';
import type { Language } from '#common/languages';
import type { NoticeSender } from '../../../lib/fallback-providers';
import type { SmsSender } from './sms-sender';

/** Minutes the code is valid for; the same 5 minutes we check it against, shown in the template. */
const OTP_EXPIRY_MINUTES = 5;

/** MSG91 answers `{"type":"success"|"error", "message"}`, often with HTTP 200 for an error: the body decides. */
async function checkAnswer(response: Response): Promise<void> {
  const answer = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
  if (!response.ok || answer?.type !== 'success') {
    const reason = typeof answer?.message === 'string' ? withoutPhoneNumbers(answer.message) : 'no message';
    throw new Error(`MSG91 refused the SMS: HTTP ${response.status}, ${reason}`);
  }
}

/**
 * MSG91's SendOTP API (`POST /api/v5/otp`) delivering our own code through the operator's
 * DLT-approved template (`template_id`, with `##OTP##` where the code goes). MSG91 only delivers:
 * we generate and check the codes. It answers `{"type":"success"|"error", …}`, often with HTTP 200
 * for an error, so the body decides.
 */
export function msg91SmsSender(
  config: Msg91Config,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): SmsSender {
  const { timeoutMs = 10_000, fetchImpl = fetch } = options;
  return {
    async sendCode(phone, code) {
      const url = new URL('/api/v5/otp', config.baseUrl);
      url.search = new URLSearchParams({
        template_id: config.templateId,
        mobile: `91${phone}`,
        otp: code,
        otp_expiry: String(OTP_EXPIRY_MINUTES),
      }).toString();
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json' },
        body: JSON.stringify({}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await checkAnswer(response);
    },
  };
}

/**
 * The fallback SMS through MSG91's Flow API (`POST /api/v5/flow`): a DLT-approved template per
 * language (`templates`), with the vehicle's number as its one variable, `##vehicle##`.
 */
export function msg91NoticeSender(
  config: Msg91Config,
  templates: Record<Language, string>,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): NoticeSender {
  const { timeoutMs = 10_000, fetchImpl = fetch } = options;
  return {
    async sendNotice({ phone, plate, language }) {
      const response = await fetchImpl(new URL('/api/v5/flow', config.baseUrl), {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templates[language],
          short_url: '0',
          recipients: [{ mobiles: `91${phone}`, ...(plate ? { vehicle: plate } : {}) }],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await checkAnswer(response);
    },
  };
}
