/** The requests the user sent, with their status; a failure is only logged, like the bell's fetch. */
import type { SentRequest } from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

export function fetchSentRequests(): Promise<SentRequest[] | undefined> {
  return swallowErrors(apiClient<SentRequest[]>('/api/users/sentRequests'));
}
