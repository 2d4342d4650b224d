/** SPEC §7: the three calls of signing in. */
import type {
  CodeSentResponse,
  LoginPayload,
  RegisterPayload,
  RegisterResponse,
  RuntimeConfig,
  VerifyPayload,
  VerifyResponse,
} from '#common/api';
import type { HttpError } from '#common/http';
import type { apiClient } from '../../lib/api-client';
import { preloadToasts } from '../../lib/toasts';

/**
 * The HTTP client is not a static import: the sign-in screens (the first load of /login) paint
 * without it, and it loads when the user starts on a form (prepareToSend) or by the first call.
 * A failed load (offline) is tried again on the next call.
 */
let loading: Promise<typeof apiClient> | undefined;
function client() {
  loading ??= import('../../lib/api-client').then(
    (module) => module.apiClient,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * A refused call's status and the server's reason, read without loading the HTTP client (the first
 * load of /login does without it): the client's errors are HttpErrors, told by their name.
 */
export function refusalOf(error: unknown): { status: number | undefined; reason: string | undefined } {
  if (!(error instanceof Error) || error.name !== 'HttpError')
    return { status: undefined, reason: undefined };
  const { status, serverMessage } = error as HttpError;
  return { status, reason: serverMessage };
}

/**
 * The user has started on a sign-in form: fetch what sending it needs (the HTTP client, and the
 * toast library its answer may show) while they type, so the tap gets an answer at once.
 */
export function prepareToSend(): void {
  client().catch(() => undefined);
  preloadToasts().catch(() => undefined);
}

/** Sends a one-time code to the phone; the answer says only when another may be asked for. */
export async function requestCode(phone: string): Promise<CodeSentResponse> {
  const body: LoginPayload = { phone };
  return (await client())<CodeSentResponse>('/api/users/login', { method: 'POST', body });
}

export async function register(body: RegisterPayload): Promise<RegisterResponse | undefined> {
  return (await client())<RegisterResponse | undefined>('/api/users/register', { method: 'POST', body });
}

export async function verifyCode(body: VerifyPayload): Promise<VerifyResponse> {
  return (await client())<VerifyResponse>('/api/users/verify', { method: 'POST', body });
}

/** What the privacy notice names: the grievance contact and the retention periods of this server. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  return (await client())<RuntimeConfig>('/api/config');
}
