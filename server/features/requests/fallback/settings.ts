import { z } from 'zod';
import { ConfigError } from '../../../lib/settings';
import type { FALLBACK_LIMITS } from '../../../limits/fallback';

/** The environment variables of the ladder's providers (its limits are declared in server/limits). */
export const fallbackSettings = z.object({
  MSG91_NOTICE_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_NOTICE_TEMPLATE_ID_ML: z.string().min(1).optional(),
  // Exotel writes its flow URLs with http://; Exotel, not this server, fetches it.
  EXOTEL_FLOW_URL: z.url().optional(),
  EXOTEL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
});

type FallbackEnvironment = z.infer<typeof fallbackSettings> &
  Record<keyof typeof FALLBACK_LIMITS, number> & { SMS_PROVIDER?: string; TELEPHONY_PROVIDER?: string };

/**
 * The fallback ladder: when a request's receiver gets an SMS and a call (seconds after it was sent),
 * how many a receiver gets a day and the service sends a day, and what each step needs of its provider.
 */
export interface FallbackConfig {
  smsAfterS: number;
  callAfterS: number;
  perReceiverDay: { sms: number; call: number };
  perDay: { sms: number; call: number };
  /** Steps one sender's requests may cause in 24 h: an account, or a stranger counted per card and per address. */
  perSenderDay: { sms: number; call: number };
  /** Fallback calls an hour to one receiver for the requests of one source. */
  callsPerSourceHour: number;
  /** MSG91's DLT templates of the notice, by language (English when a language has none); null unless MSG91 sends. */
  msg91NoticeTemplates: { en: string; ml: string } | null;
  /** Exotel's call flow the call connects to, and the secret its webhooks carry; null when the call step is off. */
  callFlow: { url: string; webhookSecret: string } | null;
}

export function fallbackConfig(env: FallbackEnvironment): FallbackConfig {
  const { MSG91_NOTICE_TEMPLATE_ID, MSG91_NOTICE_TEMPLATE_ID_ML, EXOTEL_FLOW_URL, EXOTEL_WEBHOOK_SECRET } =
    env;
  if (EXOTEL_FLOW_URL && (env.TELEPHONY_PROVIDER !== 'exotel' || !EXOTEL_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'EXOTEL_FLOW_URL needs TELEPHONY_PROVIDER=exotel (with its EXOTEL_* variables) and EXOTEL_WEBHOOK_SECRET.',
    );
  }
  return {
    smsAfterS: env.FALLBACK_SMS_AFTER_S,
    callAfterS: env.FALLBACK_CALL_AFTER_S,
    perReceiverDay: { sms: env.FALLBACK_SMS_PER_RECEIVER_DAY, call: env.FALLBACK_CALLS_PER_RECEIVER_DAY },
    perDay: { sms: env.FALLBACK_SMS_PER_DAY, call: env.FALLBACK_CALLS_PER_DAY },
    perSenderDay: { sms: env.FALLBACK_SMS_PER_SENDER_DAY, call: env.FALLBACK_CALLS_PER_SENDER_DAY },
    callsPerSourceHour: env.FALLBACK_CALLS_PER_SOURCE_HOUR,
    msg91NoticeTemplates:
      env.SMS_PROVIDER === 'msg91' && MSG91_NOTICE_TEMPLATE_ID
        ? { en: MSG91_NOTICE_TEMPLATE_ID, ml: MSG91_NOTICE_TEMPLATE_ID_ML ?? MSG91_NOTICE_TEMPLATE_ID }
        : null,
    callFlow:
      EXOTEL_FLOW_URL && EXOTEL_WEBHOOK_SECRET
        ? { url: EXOTEL_FLOW_URL, webhookSecret: EXOTEL_WEBHOOK_SECRET }
        : null,
  };
}
