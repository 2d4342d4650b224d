import type {
  MaskedCall,
  OwnedVehicle,
  PushData,
  ServerNotification,
  User,
  Vehicle,
  VehicleOwner,
} from '#common/api';
import type { I18n } from '@lingui/core';
import type { Language } from '#common/languages';
import type { QuietHours } from '#common/quiet-hours';
import { requestUrl } from '#common/replies';
import type { NotificationRow, UserRow, VehicleRow } from '../db/schema';
import { contentFor, titleFor } from './notification-texts';

/** The signed-in user's own profile: the one place their phone is always included. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    location: row.district,
    city: row.city,
    country: 'India',
    state: 'Kerala',
    phoneVisible: row.phoneVisible,
    emailVisible: row.emailVisible,
    allowCalls: row.allowCalls,
    quietHours: quietHoursOf(row),
    language: row.language,
  };
}

export function quietHoursOf(row: Pick<UserRow, 'quietStart' | 'quietEnd'>): QuietHours | null {
  return row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
}

/** What others see of an owner: the phone and e-mail only when the owner lets them be seen. */
export function toOwner(row: UserRow, maskedCall: MaskedCall): VehicleOwner {
  return {
    _id: row.id,
    name: row.name,
    location: row.district,
    city: row.city,
    phoneVisible: row.phoneVisible,
    emailVisible: row.emailVisible,
    ...(row.phoneVisible ? { phone: row.phone } : {}),
    ...(row.emailVisible ? { email: row.email } : {}),
    maskedCall,
  };
}

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    _id: row.id,
    name: row.name,
    vehicleNumber: row.vehicleNumber,
    vehicleType: row.vehicleType,
    isActive: row.isActive,
    isFourWheeler: row.vehicleType === 'Four',
    verified: row.verified,
    household: row.household,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOwnedVehicle(vehicle: VehicleRow, owner: UserRow, maskedCall: MaskedCall): OwnedVehicle {
  return { ...toVehicle(vehicle), userId: toOwner(owner, maskedCall) };
}

/** A notification the service itself sends (no sender account), e.g. a number verified by its owner. */
export const SYSTEM_KIND = 'system' as const;
const SYSTEM_SENDER_NAME = 'Vahan Contact';

/**
 * A notification as its receiver sees it, in the language of `i18n`; the sender's phone only when the
 * sender lets it be seen.
 */
export function toServerNotification(
  row: NotificationRow,
  sender: Pick<UserRow, 'name' | 'phone' | 'phoneVisible'> | null,
  i18n: I18n,
): ServerNotification {
  return {
    _id: row.id,
    senderId: {
      name:
        row.kind === SYSTEM_KIND ? SYSTEM_SENDER_NAME : (sender?.name ?? i18n._('server.request.formerUser')),
      ...(sender?.phoneVisible ? { phone: sender.phone } : {}),
    },
    title: titleFor(row, i18n),
    content: contentFor(row, i18n),
    sentAt: row.sentAt.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * The push (and live-channel) payload of a request for its receiver, whose language `notification` is
 * written in; never silent (see requestPushData).
 */
export const toPushData = (notification: ServerNotification, language: Language): PushData => ({
  notificationId: notification._id,
  title: notification.title,
  body: notification.content,
  senderName: notification.senderId.name,
  sentAt: notification.sentAt,
  url: requestUrl(notification._id),
  silent: false,
  language,
});
