import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CashfreeConfig } from './cashfree-settings';
import { RcProviderError, type RcVerifier } from './rc-verifier';

const RC_PROVIDER_TIMEOUT_MS = 5_000;

/** The fields of Cashfree's Vehicle RC response we read; the owner's name and address are ignored. */
const vehicleRcResponse = z.object({
  status: z.string(),
  reg_no: z.string().nullish(),
  chassis: z.string().nullish(),
  engine: z.string().nullish(),
  rc_status: z.string().nullish(),
  mobile_number: z.string().nullish(),
});

/** Cashfree Secure ID's Vehicle RC Verification: `POST {base}/vehicle-rc` with the client id and secret. */
export function cashfreeRcVerifier(config: CashfreeConfig): RcVerifier {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/vehicle-rc`;
  return {
    async lookUp(vehicleNumber) {
      const verificationId = randomUUID();
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-client-id': config.clientId,
            'x-client-secret': config.clientSecret,
          },
          body: JSON.stringify({
            verification_id: verificationId,
            vehicle_number: vehicleNumber.toUpperCase(),
          }),
          signal: AbortSignal.timeout(RC_PROVIDER_TIMEOUT_MS),
        });
        body = await response.json();
      } catch (error) {
        throw new RcProviderError(`Cashfree did not answer: ${(error as Error).message}`);
      }
      if (!response.ok) throw new RcProviderError(`Cashfree refused the RC check: HTTP ${response.status}`);
      const parsed = vehicleRcResponse.safeParse(body);
      if (!parsed.success) throw new RcProviderError('Cashfree answered an RC record we cannot read');
      const record = parsed.data;
      return {
        found: record.status === 'VALID',
        active: record.rc_status?.toUpperCase() === 'ACTIVE',
        chassis: record.chassis ?? '',
        engine: record.engine ?? '',
        mobile: record.mobile_number ?? null,
        verificationId,
      };
    },
  };
}
