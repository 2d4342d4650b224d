import type { SignedIn, TestApp } from './test-app';
import { EXOTEL_SID, type FakeExotel } from '../providers/telephony/testing/fake-exotel';
import {
  MSG91_AUTH_KEY,
  MSG91_NOTICE_TEMPLATE_ID,
  MSG91_TEMPLATE_ID,
  type FakeMsg91,
} from '../providers/sms/testing/fake-msg91';

export const WEBHOOK_SECRET = 'exotel-webhook-secret-for-tests';
export const FLOW_URL = `http://my.exotel.com/${EXOTEL_SID}/exoml/start_voice/926`;

/** The environment of a server whose ladder sends its SMS through the fake MSG91 and calls through the fake Exotel. */
export const ladderEnv = (msg91: FakeMsg91, exotel: FakeExotel): Record<string, string> => ({
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY,
  MSG91_TEMPLATE_ID,
  MSG91_NOTICE_TEMPLATE_ID,
  MSG91_BASE_URL: msg91.url,
  ...exotel.env,
  EXOTEL_FLOW_URL: FLOW_URL,
  EXOTEL_WEBHOOK_SECRET: WEBHOOK_SECRET,
});

/** The fallback SMS the fake MSG91 received for this user's phone. */
export const smsTo = (msg91: FakeMsg91, who: SignedIn) =>
  msg91.received.filter(
    (request) =>
      request.path === '/api/v5/flow' &&
      (JSON.parse(request.body) as { recipients: { mobiles: string }[] }).recipients[0]?.mobiles ===
        `91${who.user.phone}`,
  );

/** The automatic calls the fake Exotel was asked to place to this user's phone. */
export const callsTo = (exotel: FakeExotel, who: SignedIn) =>
  exotel.received.filter((request) => request.form.get('From') === `+91${who.user.phone}`);

/** The fallback call's webhooks as Exotel calls them. */
export function webhook(
  t: TestApp,
  path: 'greeting' | 'answer',
  parameters: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
) {
  const { secret, ...exotelParameters } = parameters;
  const query = new URLSearchParams(method === 'GET' ? parameters : secret ? { secret } : {});
  return t.inject({
    method,
    url: `/api/telephony/exotel/${path}?${query}`,
    ...(method === 'POST'
      ? {
          payload: new URLSearchParams(exotelParameters).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {}),
  });
}
