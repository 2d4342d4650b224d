/** SPEC §7: the three calls of signing in. */
import type { LoginPayload, RegisterPayload, VerifyPayload, VerifyResponse } from '#common/api';
import { apiClient } from '../../lib/api-client';

/** Sends a one-time code to the phone; the answer is not read (SPEC §7). */
export async function requestCode(phone: string): Promise<void> {
  const body: LoginPayload = { phone };
  await apiClient('/api/users/login', { method: 'POST', body });
}

export function register(body: RegisterPayload): Promise<unknown> {
  return apiClient('/api/users/register', { method: 'POST', body });
}

export function verifyCode(body: VerifyPayload): Promise<VerifyResponse> {
  return apiClient<VerifyResponse>('/api/users/verify', { method: 'POST', body });
}
