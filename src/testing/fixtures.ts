/** Plausible API objects for tests; override only what a test is about. */
import type { OwnedVehicle, ServerNotification, User, Vehicle } from '#common/api';

export function aUser(fields: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    name: 'Anjali Menon',
    email: 'anjali@example.in',
    phone: '9847012345',
    gender: 'Female',
    dateOfBirth: '1994-05-17',
    location: 'Ernakulam',
    city: 'Kochi',
    country: 'India',
    state: 'Kerala',
    phoneVisible: true,
    emailVisible: true,
    allowCalls: true,
    quietHours: null,
    language: 'en',
    ...fields,
  };
}

export function aVehicle(fields: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: 'vehicle-1',
    name: 'Swift',
    vehicleNumber: 'kl07ab1234',
    vehicleType: 'Four',
    isActive: true,
    isFourWheeler: true,
    verified: false,
    household: false,
    createdAt: '2024-01-02T03:04:05.000Z',
    ...fields,
  };
}

export function anOwnedVehicle(fields: Partial<OwnedVehicle> = {}): OwnedVehicle {
  return {
    ...aVehicle(),
    userId: {
      _id: 'owner-1',
      name: 'Rahul Nair',
      email: 'rahul@example.in',
      location: 'Thrissur',
      city: 'Chalakudy',
      phone: '9895011111',
      phoneVisible: true,
      emailVisible: true,
      maskedCall: { available: true },
    },
    ...fields,
  };
}

export function aServerNotification(fields: Partial<ServerNotification> = {}): ServerNotification {
  return {
    _id: 'notification-1',
    senderId: { name: 'Rahul Nair', phone: '9895011111' },
    title: 'Vehicle Notification',
    content: 'Kindly move your vehicle KL07AB1234 as soon as possible.',
    sentAt: new Date().toISOString(),
    read: false,
    ...fields,
  };
}
