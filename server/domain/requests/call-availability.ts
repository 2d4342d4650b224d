import type { I18n } from '@lingui/core';
import { inQuietHours } from '#common/quiet-hours';
import type { UserRow } from '../../db/schema';
import { quietHoursOf } from '../api-shapes';

/** A search result's `maskedCall`: when unavailable, always with the reason. */
export type CallAvailability = { available: true } | { available: false; reason: string };

/** Whether anyone may ring `owner` now through the masked-call provider, and if not, why. */
export function maskedCallTo(
  owner: Pick<UserRow, 'allowCalls' | 'quietStart' | 'quietEnd'>,
  callsConfigured: boolean,
  now: Date,
  i18n: I18n,
): CallAvailability {
  if (!callsConfigured) return { available: false, reason: callsUnavailable(i18n) };
  if (!owner.allowCalls) {
    return { available: false, reason: i18n._('server.calls.ownerDeclines') };
  }
  // No time in the reason: when quiet hours end is when the owner wakes up, not a stranger's business.
  if (inQuietHours(quietHoursOf(owner), now)) {
    return { available: false, reason: i18n._('server.calls.quietHours') };
  }
  return { available: true };
}

export const callsUnavailable = (i18n: I18n) => i18n._('server.calls.noProvider');
