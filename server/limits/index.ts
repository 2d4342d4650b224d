import { SIGN_IN_LIMITS } from './sign-in';
import { REACHING_LIMITS } from './reaching';
import { FALLBACK_LIMITS } from './fallback';
import { STRANGER_LIMITS } from './strangers';
import { SERVER_LIMITS } from './server';

export type { LimitDeclaration } from './limit';

/**
 * Every limit of the server, declared once under the environment variable that changes it: the
 * configuration (server/config.ts) reads each with this default and range and hands it to the code
 * that enforces it; a test checks the README's configuration table against this list.
 */
export const LIMITS = {
  ...SIGN_IN_LIMITS,
  ...REACHING_LIMITS,
  ...FALLBACK_LIMITS,
  ...STRANGER_LIMITS,
  ...SERVER_LIMITS,
} as const;

export type LimitName = keyof typeof LIMITS;
