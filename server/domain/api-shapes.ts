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
import { initialsOf } from '#common/person-name';
import type { QuietHours } from '#common/quiet-hours';
import { imageUrl } from '#common/photos';
import { requestUrl } from '#common/replies';
import type { RequestRow, RequestImageRow, UserRow, VehicleRow } from '../db/schema';
import { textsFor } from '../i18n/texts';
import { contentFor, titleFor } from './requests/request-texts';

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
    nameVisible: row.nameVisible,
    shareReadReceipts: row.shareReadReceipts,
    allowCalls: row.allowCalls,
    quietHours: quietHoursOf(row),
    fallbackSms: row.fallbackSms,
    fallbackCall: row.fallbackCall,
    language: row.language,
    consentedAt: row.consentedAt?.toISOString() ?? null,
  };
}

export function quietHoursOf(row: Pick<UserRow, 'quietStart' | 'quietEnd'>): QuietHours | null {
  return row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
}

/** A user's name as anyone else sees it: only its initials ("A. M.") when the user hides it. */
export const shownName = (user: Pick<UserRow, 'name' | 'nameVisible'>): string =>
  user.nameVisible ? user.name : initialsOf(user.name);

/** What others see of an owner: the name, phone and e-mail only when the owner lets them be seen. */
export function toOwner(row: UserRow, maskedCall: MaskedCall): VehicleOwner {
  return {
    _id: row.id,
    name: shownName(row),
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
    proofExpired: row.proofExpired,
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

/** What a notification's receiver is shown of its sender. */
export type ShownSender = Pick<UserRow, 'name' | 'nameVisible' | 'phone' | 'phoneVisible'>;

/** What a notification shows of the photo sent with it: where to read it, and the place it was sent from. */
export type RequestPhoto = Pick<RequestImageRow, 'id' | 'latitude' | 'longitude'>;

/**
 * A notification as its receiver sees it, in the language of `i18n`; the sender's name and phone only
 * as the sender lets them be seen. Only the service's own notices are `system`, whatever a sender's name.
 */
export function toServerNotification(
  row: RequestRow,
  sender: ShownSender | null,
  i18n: I18n,
  photo: RequestPhoto | null = null,
  falseAlarm = false,
): ServerNotification {
  const system = row.kind === SYSTEM_KIND;
  const location =
    photo?.latitude != null && photo.longitude != null
      ? { latitude: photo.latitude, longitude: photo.longitude }
      : null;
  return {
    _id: row.id,
    senderId: {
      name: system
        ? SYSTEM_SENDER_NAME
        : sender
          ? shownName(sender)
          : row.via === 'card'
            ? i18n._('server.request.cardSender')
            : i18n._('server.request.deletedAccount'),
      ...(sender?.phoneVisible ? { phone: sender.phone } : {}),
    },
    title: titleFor(row, i18n),
    content: contentFor(row, i18n),
    sentAt: row.sentAt.toISOString(),
    read: row.readAt !== null,
    system,
    ...(row.via ? { via: row.via } : {}),
    ...(row.via === 'card' && row.vehicleId ? { vehicleId: row.vehicleId } : {}),
    ...(photo ? { image: { url: imageUrl(photo.id) } } : {}),
    ...(location ? { location } : {}),
    ...(row.replyKind ? { answer: row.replyKind } : {}),
    ...(falseAlarm ? { falseAlarm: true as const } : {}),
  };
}

/** A push's text: a request with a photo says so, after its caption when it has one. */
function pushBody(notification: ServerNotification, language: Language): string {
  if (!notification.image) return notification.content;
  const i18n = textsFor(language);
  return notification.content
    ? i18n._('server.request.photoWithCaption', { caption: notification.content })
    : i18n._('server.request.photo');
}

/**
 * The push (and live-channel) payload of a request for its receiver, whose language `notification` is
 * written in; never silent (see requestPushData).
 */
export const toPushData = (notification: ServerNotification, language: Language): PushData => ({
  notificationId: notification._id,
  title: notification.title,
  body: pushBody(notification, language),
  senderName: notification.senderId.name,
  sentAt: notification.sentAt,
  url: requestUrl(notification._id),
  requestId: notification._id,
  silent: false,
  system: notification.system,
  language,
});
