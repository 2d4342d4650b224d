/** The number of people on the service, from GET /api/config; undefined when it cannot be had. */
import type { RuntimeConfig } from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

export async function fetchActiveUsers(): Promise<number | undefined> {
  return (await swallowErrors(apiClient<RuntimeConfig>('/api/config')))?.activeUsers;
}
