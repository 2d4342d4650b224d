/** SPEC §7: the three calls of signing in. */
import type { LoginPayload, RegisterPayload, VerifyPayload, VerifyResponse } from '#common/api';
import type { apiClient } from '../../lib/api-client';

/**
 * The HTTP client is not a static import: the sign-in screens (the first load of /login) paint
 * without it, and it loads right after, while the user types. A failed load (offline) is tried
 * again on the next call.
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

client().catch(() => undefined);

/** Sends a one-time code to the phone; the answer is not read (SPEC §7). */
export async function requestCode(phone: string): Promise<void> {
  const body: LoginPayload = { phone };
  await (
    await client()
  )('/api/users/login', { method: 'POST', body });
}

export async function register(body: RegisterPayload): Promise<unknown> {
  return (await client())('/api/users/register', { method: 'POST', body });
}

export async function verifyCode(body: VerifyPayload): Promise<VerifyResponse> {
  return (await client())<VerifyResponse>('/api/users/verify', { method: 'POST', body });
}
