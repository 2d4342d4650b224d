import type {
  AccountExport,
  ContestPausePayload,
  SessionInfo,
  Strikes,
  UpdateProfilePayload,
  User,
} from '#common/api';
import { apiClient } from '../../lib/api-client';

export async function updateProfile(body: UpdateProfilePayload): Promise<User> {
  const { user } = await apiClient<{ user: User }>('/api/users/updateProfile', { method: 'PATCH', body });
  return user;
}

/** The caller's false-alarm strikes and any pause they caused. */
export async function fetchStrikes(): Promise<Strikes> {
  return apiClient<Strikes>('/api/users/strikes');
}

/** Asks, once per pause, that an operator review it; resolves with the server's answer. */
export async function contestPause(text: ContestPausePayload['text']): Promise<{ message: string }> {
  return apiClient<{ message: string }>('/api/users/contestPause', { method: 'POST', body: { text } });
}

export async function fetchSessions(): Promise<SessionInfo[]> {
  return apiClient<SessionInfo[]>('/api/users/sessions');
}

export async function signOutOtherDevices(): Promise<void> {
  await apiClient('/api/users/logoutOthers', { method: 'POST', body: {} });
}

export async function exportMyData(): Promise<AccountExport> {
  return apiClient<AccountExport>('/api/users/exportData');
}

export async function deleteMyAccount(): Promise<void> {
  await apiClient('/api/users/account', { method: 'DELETE' });
}
