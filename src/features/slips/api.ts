/** Wiper slips: make a sheet, fetch it as a PDF, attach a note to one. */
import type { SentRequest } from '#common/api';
import type { AttachSlipPayload, CreatedSlips } from '#common/slips-api';
import { apiClient } from '../../lib/api-client';

export function postSlips(count: number): Promise<CreatedSlips> {
  return apiClient<CreatedSlips>('/api/users/slips', { method: 'POST', body: { count } });
}

/** The sheet of the user's unused slips (it needs the session, so it is fetched, not linked). */
export function fetchSlipSheet(): Promise<Blob> {
  return apiClient<Blob>('/api/users/slips.pdf', { binary: true });
}

export function postAttachNote(code: string, payload: AttachSlipPayload): Promise<SentRequest> {
  return apiClient<SentRequest>(`/api/users/slips/${encodeURIComponent(code)}/attach`, {
    method: 'POST',
    body: payload,
  });
}
