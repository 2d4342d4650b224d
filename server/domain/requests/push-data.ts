import type { PushData, ServerNotification } from '#common/api';
import { inQuietHours } from '#common/quiet-hours';
import type { UserRow } from '../../db/schema';
import { quietHoursOf, toPushData } from '../api-shapes';

/**
 * The push for a new request to `receiver` (`notification` written in the receiver's language):
 * silent (no sound, no vibration) in the receiver's quiet hours.
 */
export function requestPushData(
  notification: ServerNotification,
  receiver: Pick<UserRow, 'quietStart' | 'quietEnd' | 'language'>,
  now: Date,
): PushData {
  return {
    ...toPushData(notification, receiver.language),
    silent: inQuietHours(quietHoursOf(receiver), now),
  };
}
