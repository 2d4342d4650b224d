import type { TwilioConfig } from '../../../config';
import { codeMessage, type SmsSender } from './sms-sender';

/** Twilio's Messages API: form-encoded POST with HTTP basic auth, numbers in E.164 (+91…). */
export function twilioSmsSender(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
    config.baseUrl,
  );
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async sendCode(phone, code) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: `+91${phone}`, From: config.from, Body: codeMessage(code) }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        throw new Error(`Twilio refused the SMS: HTTP ${response.status}`);
      }
    },
  };
}
