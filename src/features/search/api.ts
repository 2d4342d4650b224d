/** SPEC §7: the owner search. Its failure is reported by the panel, so the error is rethrown. */
import type {
  ActivityItem,
  LeftWaitingNote,
  OwnedVehicle,
  VehicleOwnerQuery,
  WaitingCount,
  WaitingNotePayload,
} from '#common/api';
import { apiClient, swallowErrors } from '../../lib/api-client';

export function findVehicleOwners(vehicleNumber: string): Promise<OwnedVehicle[]> {
  const body: VehicleOwnerQuery = { vehicleNumber };
  return apiClient<OwnedVehicle[]>('/api/users/getVehicleOwner', { method: 'POST', body });
}

/** Leaves a note for a number nobody reachable has registered: a suggested text by key, or a short text. */
export function leaveWaitingNote(body: WaitingNotePayload): Promise<LeftWaitingNote> {
  return apiClient<LeftWaitingNote>('/api/users/waitingNotes', { method: 'POST', body });
}

export function withdrawWaitingNote(id: string): Promise<unknown> {
  return apiClient(`/api/users/waitingNotes?id=${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** How many people wait to reach the number; undefined when it could not be read (nothing to show). */
export async function waitingCount(vehicleNumber: string): Promise<number | undefined> {
  const query = new URLSearchParams({ vehicleNumber }).toString();
  const answer = await swallowErrors(apiClient<WaitingCount>(`/api/users/waitingNotes/count?${query}`));
  return answer?.waiting;
}

/** The vehicle number behind a windscreen card's code (404 for a card no longer in use). */
export function fetchCardVehicle(code: string): Promise<{ vehicleNumber: string }> {
  return apiClient<{ vehicleNumber: string }>('/api/users/cardVehicle', { query: { code } });
}

/** What happened lately to the user's cards and slips, newest first; undefined when it could not be read. */
export function fetchActivity(): Promise<ActivityItem[] | undefined> {
  return swallowErrors(apiClient<ActivityItem[]>('/api/users/activity'));
}
