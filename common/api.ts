/**
 * The API contract of SPEC §7, written once: zod schemas for every request and response, the live
 * events, the push payload and the page-worker messages. The server validates requests with them
 * (Fastify route schemas), the PWA and the service worker parse untrusted data with them, and every
 * type is inferred from them. Written with zod's mini build so the client carries only what it uses.
 */
import * as z from 'zod/mini';
import { COUNTRY, DISTRICTS, STATE, isCityOf, isDistrict } from './districts';
import { GENDERS } from './genders';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, OTP_LENGTH, TITLE_MAX, VEHICLE_NAME_MAX } from './limits';
import { isIndianMobile, normalisePhone } from './phone';
import { REPLY_KINDS, REPLY_TEXT_MAX, replyTextProblem } from './replies';
import { CLOCK_TIME } from './quiet-hours';
import { isValidVehicleNumber, normaliseVehicleNumber } from './vehicle-number';
import { DEFAULT_VEHICLE_TYPE, VEHICLE_TYPES } from './vehicle-types';

/** A trimmed string with a length range, the shape of every text field the API takes. */
const trimmedText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

const id = z.uuid({ error: 'must be a valid id' });

/** A phone as people type it, reduced to the 10 digits of an Indian mobile number. */
const phoneField = z.pipe(
  z.string().check(z.maxLength(20)),
  z.transform((value: string, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.issues.push({ code: 'custom', message: 'must be a 10-digit mobile number', input: value });
      return z.NEVER;
    }
    if (!isIndianMobile(phone)) {
      ctx.issues.push({
        code: 'custom',
        message: 'must be an Indian mobile number starting with 6, 7, 8 or 9',
        input: value,
      });
      return z.NEVER;
    }
    return phone;
  }),
);

/** A registration number as people type it, reduced to its stored form ("KL 07-AB 1234" → "kl07ab1234"). */
const vehicleNumberField = z.pipe(
  z.string().check(z.maxLength(30)),
  z.transform((value: string, ctx) => {
    const vehicleNumber = normaliseVehicleNumber(value);
    if (!isValidVehicleNumber(vehicleNumber)) {
      ctx.issues.push({
        code: 'custom',
        message: 'must be 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits (like KL07AB1234)',
        input: value,
      });
      return z.NEVER;
    }
    return vehicleNumber;
  }),
);

const pastIsoDate = z.iso.date().check(
  z.refine((value: string) => {
    const at = new Date(`${value}T00:00:00Z`);
    return at.getTime() < Date.now() && at.getUTCFullYear() >= 1900;
  }, 'must be a date in the past'),
);

/** Every `{ message }` answer: errors and the confirmations of writes. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

// Responses ------------------------------------------------------------------------------------

export const gender = z.enum(GENDERS);
export type Gender = z.infer<typeof gender>;
export const vehicleType = z.enum(VEHICLE_TYPES);
export const language = z.enum(LANGUAGES);

const clockTime = z.string().check(z.regex(CLOCK_TIME, 'must be a time HH:MM'));

/** Quiet hours in India Standard Time; a window may run past midnight, but not start where it ends. */
export const quietHours = z
  .strictObject({ start: clockTime, end: clockTime })
  .check(z.refine((hours) => hours.start !== hours.end, 'start and end must differ'));

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender,
  dateOfBirth: z.string(),
  location: z.enum(DISTRICTS),
  city: z.string(),
  country: z.literal(COUNTRY),
  state: z.literal(STATE),
  phoneVisible: z.boolean(),
  // Defaults, so that a user stored on the device before these settings existed still reads.
  emailVisible: z._default(z.boolean(), false),
  // Defaults, so that a user stored on the device before these settings existed still reads.
  /** Takes masked calls through Vahan Contact. */
  allowCalls: z._default(z.boolean(), true),
  /** Daily quiet hours in India Standard Time; null when off. */
  quietHours: z._default(z.nullable(quietHours), null),
  /** The language the app, its messages and its pushes are shown in for this user. */
  language: z._default(language, DEFAULT_LANGUAGE),
});
export type User = z.infer<typeof user>;

/** Whether the searcher can ring an owner through Vahan Contact and, when not, why in plain words. */
export const maskedCall = z.object({ available: z.boolean(), reason: z.optional(z.string()) });
export type MaskedCall = z.infer<typeof maskedCall>;

/** The owner embedded in a search result: `phone` and `email` are absent unless the owner shows them. */
export const vehicleOwner = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  location: z.string(),
  city: z.string(),
  phone: z.optional(z.string()),
  phoneVisible: z.boolean(),
  emailVisible: z.boolean(),
  maskedCall,
});
export type VehicleOwner = z.infer<typeof vehicleOwner>;

export const vehicle = z.object({
  _id: z.string(),
  name: z.string(),
  vehicleNumber: z.string(),
  vehicleType,
  isActive: z.boolean(),
  isFourWheeler: z.boolean(),
  /** Proven against the national RC record by its registrant. */
  verified: z.boolean(),
  /** Kept as a household member by the number's verified owner. */
  household: z.boolean(),
  createdAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicle>;
export const vehicleList = z.array(vehicle);

export const ownedVehicle = z.extend(vehicle, { userId: vehicleOwner });
export type OwnedVehicle = z.infer<typeof ownedVehicle>;
export const ownedVehicleList = z.array(ownedVehicle);

export const serverNotification = z.object({
  _id: z.string(),
  senderId: z.object({ name: z.string(), phone: z.optional(z.string()) }),
  title: z.string(),
  content: z.string(),
  sentAt: z.string(),
  read: z.boolean(),
});
export type ServerNotification = z.infer<typeof serverNotification>;
export const serverNotificationList = z.array(serverNotification);

export const replyKind = z.enum(REPLY_KINDS);

/** A request as its sender follows it (README, "The request lifecycle"); never a phone number. */
export const sentRequest = z.object({
  _id: z.string(),
  vehicleNumber: z.nullable(z.string()),
  content: z.string(),
  sentAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  seenAt: z.nullable(z.string()),
  reply: z.nullable(z.object({ kind: replyKind, text: z.optional(z.string()), at: z.string() })),
  reminderSentAt: z.nullable(z.string()),
});
export type SentRequest = z.infer<typeof sentRequest>;
export const sentRequestList = z.array(sentRequest);

export const verifyResponse = z.object({ user, token: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const userResponse = z.object({ user });

export const registerResponse = z.object({ message: z.string(), phone: z.string() });

/** GET /api/users/sessions: one signed-in device of the caller (no token or hash ever), newest first. */
export const sessionInfo = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeen: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.array(sessionInfo);

/** `GET /api/config`: what the PWA needs at run time; `push` is null when push is off. */
export const runtimeConfig = z.object({
  push: z.nullable(
    z.object({
      vapidKey: z.string(),
      firebase: z.object({
        apiKey: z.string(),
        authDomain: z.optional(z.string()),
        projectId: z.string(),
        storageBucket: z.optional(z.string()),
        messagingSenderId: z.string(),
        appId: z.string(),
      }),
    }),
  ),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

// Requests -------------------------------------------------------------------------------------

export const loginPayload = z.strictObject({ phone: phoneField });
export type LoginPayload = z.input<typeof loginPayload>;

export const registerPayload = z
  .strictObject({
    name: trimmedText(1, NAME_MAX),
    email: z.pipe(
      z.string().check(z.trim(), z.maxLength(EMAIL_MAX)),
      z.email({ error: 'must be a valid email address' }),
    ),
    phone: phoneField,
    gender,
    dateOfBirth: pastIsoDate,
    location: z.pipe(
      z.string().check(z.trim()),
      z.transform((value: string, ctx) => {
        if (isDistrict(value)) return value;
        ctx.issues.push({
          code: 'custom',
          message: 'must be one of the 14 districts of Kerala',
          input: value,
        });
        return z.NEVER;
      }),
    ),
    city: z.string().check(z.trim(), z.maxLength(50)),
    country: z.optional(z.literal(COUNTRY)),
    state: z.optional(z.literal(STATE)),
    /** Private by default (DPDP Act 2023): the phone is shown to finders only when asked. */
    phoneVisible: z._default(z.boolean(), false),
    language: z._default(language, DEFAULT_LANGUAGE),
  })
  .check(
    z.refine((body) => isCityOf(body.location, body.city), {
      path: ['city'],
      message: 'must be one of the cities of the chosen district',
    }),
  );
export type RegisterPayload = z.input<typeof registerPayload>;

export const verifyPayload = z.strictObject({
  phone: phoneField,
  otp: z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be ${OTP_LENGTH} digits`)),
});
export type VerifyPayload = z.input<typeof verifyPayload>;

export const logoutPayload = z.strictObject({ fcmToken: z.optional(z.string().check(z.maxLength(4096))) });
export type LogoutPayload = z.input<typeof logoutPayload>;

/** The privacy, call and language settings, at least one; any other field is refused, never applied. */
export const updateProfilePayload = z
  .strictObject({
    phoneVisible: z.optional(z.boolean()),
    emailVisible: z.optional(z.boolean()),
    allowCalls: z.optional(z.boolean()),
    quietHours: z.optional(z.nullable(quietHours)),
    language: z.optional(language),
  })
  .check(
    z.refine(
      (body) => Object.keys(body).length > 0,
      'phoneVisible, emailVisible, allowCalls, quietHours or language is required',
    ),
  );
export type UpdateProfilePayload = z.input<typeof updateProfilePayload>;

const vehicleName = trimmedText(1, VEHICLE_NAME_MAX);

export const addVehiclePayload = z.strictObject({
  vehicleType: z._default(vehicleType, DEFAULT_VEHICLE_TYPE),
  name: vehicleName,
  vehicleNumber: vehicleNumberField,
});
export type AddVehiclePayload = z.input<typeof addVehiclePayload>;

export const updateVehiclePayload = z
  .strictObject({
    id,
    name: z.optional(vehicleName),
    vehicleNumber: z.optional(vehicleNumberField),
  })
  .check(
    z.refine((body) => body.name !== undefined || body.vehicleNumber !== undefined, {
      message: 'name or vehicleNumber is required',
    }),
  );
export type UpdateVehiclePayload = z.input<typeof updateVehiclePayload>;

export const deleteVehicleQuery = z.strictObject({ id });

export const vehicleOwnerQuery = z.strictObject({ vehicleNumber: vehicleNumberField });
export type VehicleOwnerQuery = z.input<typeof vehicleOwnerQuery>;

export const messagePayload = z.strictObject({
  userId: id,
  vehicleId: id,
  message: trimmedText(1, MESSAGE_MAX),
});
export type MessagePayload = z.input<typeof messagePayload>;

export const notificationPayload = z.strictObject({
  receiverId: id,
  title: trimmedText(1, TITLE_MAX),
  body: trimmedText(1, MESSAGE_MAX),
});
export type NotificationPayload = z.input<typeof notificationPayload>;

export const notificationRef = z.strictObject({ notificationId: id });

/** The last five characters printed on the RC, as typed: spaces are ignored, case does not matter. */
const lastFive = z.pipe(
  z.string().check(z.maxLength(20)),
  z.pipe(
    z.transform((value: string) => value.replace(/\s+/g, '').toUpperCase()),
    z.string().check(z.regex(/^[A-Z0-9]{5}$/, 'must be the last 5 letters or digits')),
  ),
);

export const verifyVehiclePayload = z.strictObject({ id, chassisLast5: lastFive, engineLast5: lastFive });
export type VerifyVehiclePayload = z.input<typeof verifyVehiclePayload>;

export const vehicleRegistrantsQuery = z.strictObject({ id });

export const householdPayload = z.strictObject({ id, registrationId: id });
export type HouseholdPayload = z.input<typeof householdPayload>;

/** Another account's registration of a number the caller verified: only the name is shown. */
export const registrant = z.object({ _id: z.string(), name: z.string(), household: z.boolean() });
export type Registrant = z.infer<typeof registrant>;
export const registrantList = z.array(registrant);
/** The receiver's one answer: a kind, and a short text with no link, e-mail address or phone number. */
export const replyPayload = z.strictObject({
  notificationId: id,
  kind: replyKind,
  text: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1), z.maxLength(REPLY_TEXT_MAX)),
      z.transform((value: string, ctx) => {
        const problem = replyTextProblem(value);
        if (problem === null) return value;
        ctx.issues.push({ code: 'custom', message: problem, input: value });
        return z.NEVER;
      }),
    ),
  ),
});
export type ReplyPayload = z.input<typeof replyPayload>;

/** The bell shows at most 100 server items, so it never marks more at once. */
export const notificationsSeenPayload = z.strictObject({ ids: z.array(id).check(z.maxLength(100)) });
export type NotificationsSeenPayload = z.input<typeof notificationsSeenPayload>;

export const emptyObject = z.strictObject({});

export const callOwnerPayload = z.strictObject({ vehicleId: id });
export type CallOwnerPayload = z.input<typeof callOwnerPayload>;

/** An FCM registration token: printable ASCII without spaces, as FCM issues them. */
export const fcmTokenPayload = z.strictObject({
  token: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(4096), z.regex(/^[\x21-\x7e]+$/, 'must be a device token')),
});
export type FcmTokenPayload = z.input<typeof fcmTokenPayload>;

// Live channel, push and the page-worker messages ----------------------------------------------

/** Data-only FCM / live-channel payload for a new notification. */
export const pushData = z.object({
  notificationId: z.string(),
  title: z.string(),
  body: z.string(),
  senderName: z.string(),
  sentAt: z.string(),
  url: z.string(),
  /** Shown without sound or vibration: the receiver is in quiet hours. */
  silent: z.boolean(),
  /** The receiver's language, the push's own (its texts are written in it): for the reply buttons. */
  language: z.optional(language),
});
export type PushData = z.infer<typeof pushData>;

/** What the service worker posts to its pages when a push arrives while one is open. */
export const pushMessage = z.object({ type: z.literal('push'), data: pushData });
export type PushMessage = z.infer<typeof pushMessage>;
