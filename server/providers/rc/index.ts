import type { Config } from '../../config';
import { cashfreeRcVerifier } from './cashfree-rc-verifier';
import type { RcVerifier } from './rc-verifier';

export {
  RcProviderError,
  lastFiveOf,
  matchesRecord,
  mobileAllows,
  type RcRecord,
  type RcVerifier,
} from './rc-verifier';

/** The configured RC provider, or null when ownership cannot be verified on this server. */
export function createRcVerifier(config: Config['rcProvider']): RcVerifier | null {
  if (!config) return null;
  return cashfreeRcVerifier(config);
}
