import type { TwilioConfig } from './sms-settings';
import type { NoticeSender } from '../fallback-providers';
import { codeMessage, type SmsSender } from './sms-sender';

/** Twilio's Messages API: form-encoded POST with HTTP basic auth, numbers in E.164 (+91…). */
async function postMessage(config: TwilioConfig, fetchImpl: typeof fetch, to: string, body: string) {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
    config.baseUrl,
  );
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ To: `+91${to}`, From: config.from, Body: body }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    throw new Error(`Twilio refused the SMS: HTTP ${response.status}`);
  }
}

export function twilioSmsSender(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    sendCode: (phone, code) => postMessage(config, fetchImpl, phone, codeMessage(code)),
  };
}

/** The fallback SMS through the same Messages API, with its text as written (in the receiver's language). */
export function twilioNoticeSender(config: TwilioConfig, fetchImpl: typeof fetch = fetch): NoticeSender {
  return {
    sendNotice: ({ phone, text }) => postMessage(config, fetchImpl, phone, text),
  };
}
