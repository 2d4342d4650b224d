/** The JSON shapes of SPEC §7, shared by the API server and the PWA's client. */
import type { District } from './districts';
import type { VehicleType } from './vehicle-types';

export type Gender = 'Male' | 'Female' | 'Other';
export const GENDERS: readonly Gender[] = ['Male', 'Female', 'Other'];

export interface User {
  _id: string;
  name: string;
  email: string;
  phone: string;
  gender: Gender;
  dateOfBirth: string;
  location: District;
  city: string;
  country: 'India';
  state: 'Kerala';
  phoneVisible: boolean;
}

/** The owner embedded in a search result: `phone` is absent when the owner hid it. */
export interface VehicleOwner {
  _id: string;
  name: string;
  email: string;
  location: string;
  city: string;
  phone?: string;
  phoneVisible: boolean;
}

export interface Vehicle {
  _id: string;
  name: string;
  vehicleNumber: string;
  vehicleType: VehicleType;
  isActive: boolean;
  isFourWheeler: boolean;
  createdAt: string;
}

export interface OwnedVehicle extends Vehicle {
  userId: VehicleOwner;
}

export interface ServerNotification {
  _id: string;
  senderId: { name: string; phone?: string };
  title: string;
  content: string;
  sentAt: string;
  read: boolean;
}

export interface LoginPayload {
  phone: string;
}

export interface RegisterPayload {
  name: string;
  email: string;
  phone: string;
  gender: Gender;
  dateOfBirth: string;
  location: string;
  city: string;
  country: string;
  state: string;
}

export interface VerifyPayload {
  phone: string;
  otp: string;
}

export interface VerifyResponse {
  user: User;
  token: string;
}

export interface AddVehiclePayload {
  vehicleType?: VehicleType;
  name: string;
  vehicleNumber: string;
}

export interface UpdateVehiclePayload {
  id: string;
  name?: string;
  vehicleNumber?: string;
}

export interface VehicleOwnerQuery {
  vehicleNumber: string;
}

export interface MessagePayload {
  userId: string;
  vehicleId: string;
  message: string;
}

export interface NotificationPayload {
  receiverId: string;
  title: string;
  body: string;
}

export interface FcmTokenPayload {
  token: string;
}

export interface UpdateProfilePayload {
  phoneVisible: boolean;
}

export interface LogoutPayload {
  fcmToken?: string;
}

/** `GET /api/config`: what the PWA needs at run time; `push` is null when push is off. */
export interface RuntimeConfig {
  push: {
    vapidKey: string;
    firebase: {
      apiKey: string;
      authDomain?: string;
      projectId: string;
      storageBucket?: string;
      messagingSenderId: string;
      appId: string;
    };
  } | null;
}

/** Data-only FCM / live-channel payload for a new notification. */
export interface PushData {
  notificationId: string;
  title: string;
  body: string;
  senderName: string;
  sentAt: string;
  url: string;
}

export interface ErrorBody {
  message: string;
}
