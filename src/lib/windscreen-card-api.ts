/** The owner's windscreen card of one registration (docs/cards.md). */
import type { VehicleCard } from '#common/card-api';
import { apiClient } from './api-client';

/** A live card: its code, its URL on the server's origin (what the QR code says), its pause. */
type LiveCard = VehicleCard;

/** The live card, made on first use. */
export function postVehicleCard(vehicleId: string): Promise<LiveCard> {
  return apiClient('/api/users/vehicleCard', { method: 'POST', body: { vehicleId } });
}

/** A new code in place of the old one, which stops working at once. */
export function postRotateVehicleCard(vehicleId: string): Promise<LiveCard> {
  return apiClient('/api/users/rotateVehicleCard', { method: 'POST', body: { vehicleId } });
}

export function postPauseVehicleCard(vehicleId: string): Promise<LiveCard> {
  return apiClient('/api/users/pauseVehicleCard', { method: 'POST', body: { vehicleId } });
}

/** Ends a pause at once: the card takes messages again. */
export function postResumeVehicleCard(vehicleId: string): Promise<LiveCard> {
  return apiClient('/api/users/resumeVehicleCard', { method: 'POST', body: { vehicleId } });
}

export function deleteVehicleCard(vehicleId: string): Promise<unknown> {
  return apiClient('/api/users/vehicleCard', { method: 'DELETE', query: { vehicleId } });
}

/** The printable card as the server makes it (A6, English and Malayalam). */
export function fetchVehicleCardPdf(vehicleId: string): Promise<Blob> {
  return apiClient('/api/users/vehicleCard.pdf', { query: { vehicleId }, binary: true });
}
