import { z } from 'zod';
import { ConfigError, providerBaseUrl } from '../../lib/settings';

/** The environment variables of the telephony provider (masked calls). */
export const telephonySettings = z.object({
  TELEPHONY_PROVIDER: z.enum(['exotel']).optional(),
  EXOTEL_ACCOUNT_SID: z.string().min(1).optional(),
  EXOTEL_API_KEY: z.string().min(1).optional(),
  EXOTEL_API_TOKEN: z.string().min(1).optional(),
  EXOTEL_CALLER_ID: z.string().min(1).optional(),
  EXOTEL_BASE_URL: providerBaseUrl.default('https://api.in.exotel.com'),
});

export interface ExotelConfig {
  accountSid: string;
  apiKey: string;
  apiToken: string;
  /** The ExoPhone both sides of a masked call see. */
  callerId: string;
  baseUrl: string;
  /** Longest a masked call may last, in seconds (Exotel's `TimeLimit`). */
  callTimeLimitS: number;
}

/** Masked calls: off unless a provider is configured. */
export function telephonyConfig(
  env: z.infer<typeof telephonySettings> & { CALL_TIME_LIMIT_S: number },
): { provider: 'none' } | ({ provider: 'exotel' } & ExotelConfig) {
  if (!env.TELEPHONY_PROVIDER) return { provider: 'none' };
  const { EXOTEL_ACCOUNT_SID, EXOTEL_API_KEY, EXOTEL_API_TOKEN, EXOTEL_CALLER_ID } = env;
  if (!EXOTEL_ACCOUNT_SID || !EXOTEL_API_KEY || !EXOTEL_API_TOKEN || !EXOTEL_CALLER_ID) {
    throw new ConfigError(
      'TELEPHONY_PROVIDER=exotel needs EXOTEL_ACCOUNT_SID, EXOTEL_API_KEY, EXOTEL_API_TOKEN and EXOTEL_CALLER_ID.',
    );
  }
  return {
    provider: 'exotel',
    accountSid: EXOTEL_ACCOUNT_SID,
    apiKey: EXOTEL_API_KEY,
    apiToken: EXOTEL_API_TOKEN,
    callerId: EXOTEL_CALLER_ID,
    baseUrl: env.EXOTEL_BASE_URL,
    callTimeLimitS: env.CALL_TIME_LIMIT_S,
  };
}
