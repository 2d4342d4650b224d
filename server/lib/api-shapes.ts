import type { OwnedVehicle, ServerNotification, User, Vehicle, VehicleOwner } from '#common/api';
import type { District } from '#common/districts';
import type { VehicleType } from '#common/vehicle-types';
import type { NotificationRow, UserRow, VehicleRow } from '../db/schema';

/** The signed-in user's own profile: the one place their phone is always included. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    gender: row.gender as User['gender'],
    dateOfBirth: row.dateOfBirth,
    location: row.district as District,
    city: row.city,
    country: 'India',
    state: 'Kerala',
    phoneVisible: row.phoneVisible,
  };
}

/** What others see of an owner: the phone only when the owner lets it be seen. */
export function toOwner(row: UserRow): VehicleOwner {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    location: row.district,
    city: row.city,
    phoneVisible: row.phoneVisible,
    ...(row.phoneVisible ? { phone: row.phone } : {}),
  };
}

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    _id: row.id,
    name: row.name,
    vehicleNumber: row.vehicleNumber,
    vehicleType: row.vehicleType as VehicleType,
    isActive: row.isActive,
    isFourWheeler: row.vehicleType === 'Four',
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOwnedVehicle(vehicle: VehicleRow, owner: UserRow): OwnedVehicle {
  return { ...toVehicle(vehicle), userId: toOwner(owner) };
}

/** A notification as its receiver sees it; the sender's phone only when the sender lets it be seen. */
export function toServerNotification(
  row: NotificationRow,
  sender: Pick<UserRow, 'name' | 'phone' | 'phoneVisible'> | null,
): ServerNotification {
  return {
    _id: row.id,
    senderId: {
      name: sender?.name ?? 'Former user',
      ...(sender?.phoneVisible ? { phone: sender.phone } : {}),
    },
    title: row.title,
    content: row.content,
    sentAt: row.sentAt.toISOString(),
    read: row.readAt !== null,
  };
}
