/**
 * What the fallback ladder (server/features/requests/fallback/) needs of the SMS and telephony
 * providers, which server/app.ts hands it: the SMS feature and the calls feature implement these.
 */
import type { Language } from '#common/languages';

/** The fallback SMS about one request: to its receiver, in their language. */
export interface Notice {
  phone: string;
  requestId: string;
  /** The vehicle's number (KL07AB1234); null when the request names none. */
  plate: string | null;
  language: Language;
  /** The whole text, for a provider that takes it as written (a DLT template takes `plate` only). */
  text: string;
}

/** Sends the fallback SMS. Rejects when the provider does not accept it. */
export interface NoticeSender {
  sendNotice(notice: Notice): Promise<void>;
}

/** Calls one phone and, once it is answered, plays it a call flow set up in the provider. */
export interface FlowCaller {
  /** `to` is a 10-digit Indian mobile; `requestId` comes back to the flow's webhooks. Resolves with the call's id. */
  callFlow(call: { to: string; requestId: string }): Promise<{ callSid: string }>;
}
