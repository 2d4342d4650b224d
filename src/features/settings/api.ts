import type { SessionInfo, UpdateProfilePayload, User } from '#common/api';
import { apiClient } from '../../lib/api-client';

export async function updateProfile(body: UpdateProfilePayload): Promise<User> {
  const { user } = await apiClient<{ user: User }>('/api/users/updateProfile', { method: 'PATCH', body });
  return user;
}

export async function fetchSessions(): Promise<SessionInfo[]> {
  return apiClient<SessionInfo[]>('/api/users/sessions');
}

export async function signOutOtherDevices(): Promise<void> {
  await apiClient('/api/users/logoutOthers', { method: 'POST', body: {} });
}
