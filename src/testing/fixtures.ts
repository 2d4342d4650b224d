/** Plausible API objects for tests; override only what a test is about. */
import type { OwnedVehicle, SendResponse, SentRequest, ServerNotification, User, Vehicle } from '#common/api';

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
    nameVisible: true,
    shareReadReceipts: true,
    allowCalls: true,
    fallbackSms: true,
    fallbackCall: true,
    quietHours: null,
    language: 'en',
    consentedAt: '2026-01-01T00:00:00.000Z',
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
    proofExpired: false,
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
    system: false,
    ...fields,
  };
}

export function aSentRequest(fields: Partial<SentRequest> = {}): SentRequest {
  return {
    _id: 'notification-1',
    vehicleNumber: 'KL07AB1234',
    content: 'Please move your car',
    sentAt: new Date().toISOString(),
    deliveredAt: null,
    seenAt: null,
    reply: null,
    reminderSentAt: null,
    fallbacks: [],
    ...fields,
  };
}

/** What a send answers: the request as its receiver sees it, and as its sender follows it. */
export function aSendResponse(sentRequest: SentRequest = aSentRequest()): SendResponse {
  return {
    ...aServerNotification({
      _id: sentRequest._id,
      content: sentRequest.content,
      sentAt: sentRequest.sentAt,
    }),
    sentRequest,
  };
}
