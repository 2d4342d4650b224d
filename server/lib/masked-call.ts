import { MASKED_CALL_TEXTS } from '#common/masked-call';
import { inQuietHours } from '#common/quiet-hours';
import type { UserRow } from '../db/schema';
import { quietHoursOf } from './api-shapes';

/** A search result's `maskedCall`: when unavailable, always with the reason. */
export type CallAvailability = { available: true } | { available: false; reason: string };

/** Whether anyone may ring `owner` now through the masked-call provider, and if not, why. */
export function maskedCallTo(
  owner: Pick<UserRow, 'allowCalls' | 'quietStart' | 'quietEnd'>,
  callsConfigured: boolean,
  now: Date,
): CallAvailability {
  if (!callsConfigured) return { available: false, reason: MASKED_CALL_TEXTS.noProvider };
  if (!owner.allowCalls) return { available: false, reason: MASKED_CALL_TEXTS.ownerDeclines };
  const quietHours = quietHoursOf(owner);
  if (quietHours && inQuietHours(quietHours, now)) {
    return { available: false, reason: MASKED_CALL_TEXTS.quietHours(quietHours.end) };
  }
  return { available: true };
}
