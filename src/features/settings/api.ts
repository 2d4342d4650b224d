import type { UpdateProfilePayload, User } from '#common/api';
import { apiClient } from '../../lib/api-client';

export async function updatePhoneVisible(phoneVisible: boolean): Promise<User> {
  const body: UpdateProfilePayload = { phoneVisible };
  const { user } = await apiClient<{ user: User }>('/api/users/updateProfile', { method: 'PATCH', body });
  return user;
}
