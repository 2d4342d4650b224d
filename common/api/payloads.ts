/** What the API takes: the bodies and queries of every request. */
import * as z from 'zod/mini';
import { COUNTRY, STATE, isCityOf, isDistrict } from '../districts';
import { DEFAULT_LANGUAGE } from '../languages';
import { MESSAGE_MAX, OTP_LENGTH, TITLE_MAX, VEHICLE_NAME_MAX } from '../limits';
import { CAPTION_MAX } from '../photos';
import { REPLY_TEXT_MAX, replyTextProblem } from '../replies';
import { DEFAULT_VEHICLE_TYPE } from '../vehicle-types';
import {
  trimmedText,
  id,
  personName,
  phoneField,
  vehicleNumberField,
  adultDateOfBirth,
  emailAddress,
} from './fields';
import { gender, vehicleType, language, quietHours, replyKind } from './responses';
import { ownText } from './waiting-notes';

// Requests -------------------------------------------------------------------------------------

export const loginPayload = z.strictObject({ phone: phoneField });
export type LoginPayload = z.input<typeof loginPayload>;

export const registerPayload = z
  .strictObject({
    name: personName,
    email: emailAddress,
    phone: phoneField,
    gender,
    dateOfBirth: adultDateOfBirth,
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
    /** Ticked agreement to the privacy notice; older clients send none, and then none is recorded. */
    consent: z.optional(z.boolean()),
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

/** The name and e-mail, the privacy, call and language settings, at least one; any other field is refused, never applied. */
export const updateProfilePayload = z
  .strictObject({
    name: z.optional(personName),
    email: z.optional(emailAddress),
    nameVisible: z.optional(z.boolean()),
    shareReadReceipts: z.optional(z.boolean()),
    phoneVisible: z.optional(z.boolean()),
    emailVisible: z.optional(z.boolean()),
    allowCalls: z.optional(z.boolean()),
    quietHours: z.optional(z.nullable(quietHours)),
    language: z.optional(language),
    fallbackSms: z.optional(z.boolean()),
    fallbackCall: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (body) => Object.keys(body).length > 0,
      'name, email, nameVisible, shareReadReceipts, phoneVisible, emailVisible, allowCalls, quietHours, language, fallbackSms or fallbackCall is required',
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

/** Another account's registration of a number the caller verified: only the name is shown. */
export const registrant = z.object({
  _id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  household: z.boolean(),
});
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

/** A coordinate as a form field carries it: decimal degrees within `limit` either way. */
const coordinateField = (limit: number) =>
  z.pipe(
    z.string().check(z.regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'must be decimal degrees')),
    z.pipe(z.transform(Number), z.number().check(z.gte(-limit), z.lte(limit))),
  );

/**
 * POST /api/users/sendImage, `multipart/form-data`: the form's fields, with `image` standing for the
 * uploaded file's SHA-256 (the server reads the file itself; the hash makes a repeat the same request).
 */
export const sendImageFields = z
  .strictObject({
    userId: id,
    vehicleId: id,
    image: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be an image file')),
    caption: z.optional(trimmedText(1, CAPTION_MAX)),
    latitude: z.optional(coordinateField(90)),
    longitude: z.optional(coordinateField(180)),
  })
  .check(
    z.refine((body) => (body.latitude === undefined) === (body.longitude === undefined), {
      message: 'latitude and longitude go together',
    }),
  );

/** GET /api/users/images/{id}. */
export const imageParams = z.strictObject({ id });

/** GET /api/users/strikes: the caller's false-alarm strikes in the window, and any pause they caused. */
export const strikesResponse = z.object({
  strikes: z.number(),
  windowDays: z.number(),
  pausedUntil: z.nullable(z.string()),
});
export type Strikes = z.infer<typeof strikesResponse>;

/**
 * POST /api/users/reportFalseAlarm: the report is kept at once and takes effect after `undoSeconds`,
 * until when POST /api/users/undoFalseAlarm withdraws it.
 */
export const falseAlarmReported = z.object({ message: z.string(), undoSeconds: z.number() });
export type FalseAlarmReported = z.infer<typeof falseAlarmReported>;

/** POST /api/users/contestPause: a paused sender's one request that an operator review the pause. */
export const contestPausePayload = z.strictObject({ text: ownText(MESSAGE_MAX) });
export type ContestPausePayload = z.input<typeof contestPausePayload>;

/** The bell shows at most 100 server items, so it never marks more at once. */
export const notificationsSeenPayload = z.strictObject({ ids: z.array(id).check(z.maxLength(100)) });

/** The requests a device of the receiver showed (the service worker reports each push it displayed). */
export const notificationsDeliveredPayload = notificationsSeenPayload;

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
