import { z } from 'zod';
import { ConfigError, providerBaseUrl } from '../../lib/settings';

/** The environment variables of the RC provider. */
export const rcProviderSettings = z.object({
  RC_PROVIDER: z.enum(['none', 'cashfree']).default('none'),
  CASHFREE_CLIENT_ID: z.string().min(1).optional(),
  CASHFREE_CLIENT_SECRET: z.string().min(1).optional(),
  CASHFREE_BASE_URL: providerBaseUrl.default('https://api.cashfree.com/verification'),
});

export interface CashfreeConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

/** Who checks ownership against the national RC record; null when nobody does. */
export function rcProviderConfig(
  env: z.infer<typeof rcProviderSettings>,
): ({ provider: 'cashfree' } & CashfreeConfig) | null {
  if (env.RC_PROVIDER === 'none') return null;
  const { CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET } = env;
  if (!CASHFREE_CLIENT_ID || !CASHFREE_CLIENT_SECRET) {
    throw new ConfigError('RC_PROVIDER=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET.');
  }
  return {
    provider: 'cashfree',
    clientId: CASHFREE_CLIENT_ID,
    clientSecret: CASHFREE_CLIENT_SECRET,
    baseUrl: env.CASHFREE_BASE_URL,
  };
}
