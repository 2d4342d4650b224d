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
import {
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  NOTE_TEXT_MAX,
  OTP_LENGTH,
  TITLE_MAX,
  VEHICLE_NAME_MAX,
} from './limits';
import { ADULT_AGE, isAdult } from './age';
import { NAME_PROBLEM_MESSAGES, nameProblem } from './person-name';
import { CAPTION_MAX } from './photos';
import { isIndianMobile, normalisePhone, TYPED_PHONE_MAX } from './phone';
import { REPLY_KINDS, REPLY_TEXT_MAX, replyTextProblem } from './replies';
import { CLOCK_TIME } from './quiet-hours';
import { FALLBACK_CHANNELS } from './fallback-channels';
import { isValidVehicleNumber, normaliseVehicleNumber } from './vehicle-number';
import { contactDetailsProblem } from './contact-details';
import { TEMPLATE_KEYS } from './message-templates';
import { DEFAULT_VEHICLE_TYPE, VEHICLE_TYPES } from './vehicle-types';

/** A trimmed string with a length range, the shape of every text field the API takes. */
export const trimmedText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

const id = z.uuid({ error: 'must be a valid id' });

/** A person's name: checked as typed (no invisible characters, nothing that reads as the service), then trimmed. */
const personName = z.string().check(
  z.superRefine((value: string, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: NAME_PROBLEM_MESSAGES[problem], input: value });
  }),
  z.trim(),
  z.minLength(1),
  z.maxLength(NAME_MAX),
);

/** A phone as people type it, reduced to the 10 digits of an Indian mobile number. */
const phoneField = z.pipe(
  z.string().check(z.maxLength(TYPED_PHONE_MAX)),
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
export const vehicleNumberField = z.pipe(
  z.string().check(z.maxLength(30)),
  z.transform((value: string, ctx) => {
    const vehicleNumber = normaliseVehicleNumber(value);
    if (!isValidVehicleNumber(vehicleNumber)) {
      ctx.issues.push({
        code: 'custom',
        message:
          'must be 2 letters, 2 digits, 1 or 2 letters or digits, then 4 digits (like KL 07 AB 1234), or a Bharat-series plate (like 22 BH 1234 AA)',
        input: value,
      });
      return z.NEVER;
    }
    return vehicleNumber;
  }),
);

const FIRST_BIRTH_YEAR = 1900;
const pastIsoDate = z.iso.date().check(
  z.refine(
    (value: string) => new Date(`${value}T00:00:00Z`).getUTCFullYear() >= FIRST_BIRTH_YEAR,
    'must be a real date of birth',
  ),
  z.refine(
    (value: string) => new Date(`${value}T00:00:00Z`).getTime() < Date.now(),
    'must be a date in the past',
  ),
);

/** A date of birth: in the past, and of someone 18 or older today (India Standard Time). */
const adultDateOfBirth = pastIsoDate.check(
  z.refine((value: string) => isAdult(value, new Date()), `must be of someone ${ADULT_AGE} or older`),
);

const emailAddress = z.pipe(
  z.string().check(z.trim(), z.maxLength(EMAIL_MAX)),
  z.email({ error: 'must be a valid email address' }),
);

/** Every `{ message }` answer: errors and the confirmations of writes. */
export const messageResponse = z.object({ message: z.string() });

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
  /** When false, others see only the initials of the name ("A. M."). */
  nameVisible: z._default(z.boolean(), true),
  /** When false, senders see no `deliveredAt` or `seenAt` on their requests to this user. */
  shareReadReceipts: z._default(z.boolean(), true),
  /** Takes masked calls through Vahan Contact. */
  allowCalls: z._default(z.boolean(), true),
  /** Daily quiet hours in India Standard Time; null when off. */
  quietHours: z._default(z.nullable(quietHours), null),
  /** A request none of this user's devices showed within a minute comes by SMS too. */
  fallbackSms: z._default(z.boolean(), true),
  /** A request this user did not open within 5 minutes is followed by an automatic voice call. */
  fallbackCall: z._default(z.boolean(), true),
  /** The language the app, its messages and its pushes are shown in for this user. */
  language: z._default(language, DEFAULT_LANGUAGE),
  /** When the user agreed to the privacy notice; null for an account that has not (yet). */
  consentedAt: z._default(z.nullable(z.string()), null),
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
  /** The proof lapsed after a year (RC_PROOF_DAYS): the owner is asked to verify again. */
  proofExpired: z.boolean(),
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
  /** The service's own notice (shown as from Vahan Contact); false for every user's request. */
  system: z._default(z.boolean(), false),
  /** How a request from someone without an account came: `card` (a windscreen card); else absent. */
  via: z.optional(z.string()),
  /** The receiver's own vehicle whose card a `card` request came through, so its card can be paused. */
  vehicleId: z.optional(z.string()),
  /** The photo sent with the request, read with the receiver's token (GET of `url`). */
  image: z.optional(z.object({ url: z.string() })),
  /** Where the sender was, rounded to about 100 m (3 decimals). */
  location: z.optional(z.object({ latitude: z.number(), longitude: z.number() })),
  /** The receiver's answer, once given (from any of their devices). */
  answer: z.optional(z.enum(REPLY_KINDS)),
});
export type ServerNotification = z.infer<typeof serverNotification>;
export const serverNotificationList = z.array(serverNotification);

export const replyKind = z.enum(REPLY_KINDS);

/** A request as its sender follows it (docs/architecture.md, "The request lifecycle"); never a phone number. */
export const sentRequest = z.object({
  _id: z.string(),
  vehicleNumber: z.nullable(z.string()),
  content: z.string(),
  sentAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  seenAt: z.nullable(z.string()),
  reply: z.nullable(z.object({ kind: replyKind, text: z.optional(z.string()), at: z.string() })),
  reminderSentAt: z.nullable(z.string()),
  /** A note left for a number nobody had registered: its expiry while it waits, else null. */
  waitingUntil: z.optional(z.nullable(z.string())),
  /** The note waited its days and nobody reachable registered the number. */
  expired: z.optional(z.boolean()),
  /** The steps of the fallback ladder taken so far (an SMS, a call), oldest first. */
  fallbacks: z._default(z.array(z.object({ channel: z.enum(FALLBACK_CHANNELS), at: z.string() })), []),
});
export type SentRequest = z.infer<typeof sentRequest>;
export const sentRequestList = z.array(sentRequest);

/** What `sendMessage` and `sendNotification` answer: what the receiver sees, and the sender's view to follow. */
export const sendResponse = z.extend(serverNotification, { sentRequest });
export type SendResponse = z.infer<typeof sendResponse>;

/** What `sendImage` answers: a send's answer, with the stored message also under `message`. */
export const sendImageResponse = z.extend(sendResponse, { message: serverNotification });

export const verifyResponse = z.object({ user, token: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const userResponse = z.object({ user });

/** POST /api/users/login: the code is on its way, and how many seconds until another may be asked for. */
export const codeSentResponse = z.object({ message: z.string(), resendAfterSeconds: z.int() });
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

export const registerResponse = z.extend(codeSentResponse, { phone: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

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
  /** Where the privacy notice sends grievances (DPDP Act 2023); null when the operator named none. */
  grievanceEmail: z._default(z.nullable(z.string()), null),
  /** How long the privacy notice says data is kept: codes after they expire, requests after sending. */
  retention: z._default(z.object({ codeHours: z.number(), requestDays: z.number() }), {
    codeHours: 24,
    requestDays: 180,
  }),
  /** How many people have an account, counted at most once a minute (the dashboard's "Active Users"). */
  activeUsers: z._default(z.int(), 0),
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

// Waiting notes: a note left for a number nobody has registered yet -------------------------------

/** One of the five suggested texts, by key (`common/message-templates.ts`). */
export const templateKey = z.enum(TEMPLATE_KEYS);

/** A text of the sender's own, at most `max` characters, under the contact-details rule. */
export const ownText = (max: number) =>
  z.pipe(
    trimmedText(1, max),
    z.transform((value: string, ctx) => {
      const problem = contactDetailsProblem(value);
      if (problem === null) return value;
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }),
  );

const noteText = ownText(NOTE_TEXT_MAX);

export const waitingNotePayload = z
  .strictObject({
    vehicleNumber: vehicleNumberField,
    templateKey: z.optional(templateKey),
    text: z.optional(noteText),
  })
  .check(
    z.refine((body) => (body.templateKey === undefined) !== (body.text === undefined), {
      message: 'one of templateKey or text is required, not both',
    }),
  );
export type WaitingNotePayload = z.input<typeof waitingNotePayload>;

/** POST /api/users/waitingNotes: the note left, and until when it waits. */
export const leftWaitingNote = z.object({
  _id: z.string(),
  vehicleNumber: z.string(),
  expiresAt: z.string(),
});
export type LeftWaitingNote = z.infer<typeof leftWaitingNote>;

/** GET /api/users/waitingNotes: one of the sender's own notes, waiting, delivered or expired. */
export const waitingNote = z.object({
  _id: z.string(),
  vehicleNumber: z.string(),
  templateKey: z.nullable(templateKey),
  text: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  expired: z.boolean(),
});
export type WaitingNote = z.infer<typeof waitingNote>;
export const waitingNoteList = z.array(waitingNote);

export const waitingNoteQuery = z.strictObject({ id });

export const waitingCountQuery = z.strictObject({ vehicleNumber: vehicleNumberField });

/** How many people wait to reach a number: a count, never who. */
export const waitingCount = z.object({ waiting: z.number() });
export type WaitingCount = z.infer<typeof waitingCount>;

/** A request the user sent, as kept (GET /api/users/exportData). */
export const exportedSentRequest = z.object({
  _id: z.string(),
  kind: z.string(),
  vehicleNumber: z.nullable(z.string()),
  title: z.string(),
  content: z.string(),
  sentAt: z.string(),
  reply: sentRequest.shape.reply,
});

/** A request the user received, as their bell shows it, with their answer. */
export const exportedReceivedRequest = z.extend(serverNotification, {
  kind: z.string(),
  reply: sentRequest.shape.reply,
});

/** A wiper slip of the user's, with the note attached to it and the answer it got. */
export const exportedSlip = z.object({
  code: z.string(),
  createdAt: z.string(),
  attachedAt: z.nullable(z.string()),
  vehicleNumber: z.nullable(z.string()),
  note: z.nullable(z.string()),
  reply: z.nullable(z.object({ kind: replyKind, at: z.string() })),
});

/** A photo the user sent with a request: its request, its time and the rounded place. */
export const exportedPhoto = z.object({
  requestId: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

/** A windscreen card of one of the user's vehicles. */
export const exportedCard = z.object({
  vehicleId: z.string(),
  code: z.string(),
  createdAt: z.string(),
  endedAt: z.nullable(z.string()),
  pausedUntil: z.nullable(z.string()),
});

/** GET /api/users/exportData: everything kept about the caller (DPDP Act 2023, right to access). */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: user,
  vehicles: vehicleList,
  requestsSent: z.array(exportedSentRequest),
  requestsReceived: z.array(exportedReceivedRequest),
  sessions: z.array(z.object({ _id: z.string(), createdAt: z.string(), lastSeen: z.string() })),
  blocks: z.array(z.object({ blockedUserId: z.string(), createdAt: z.string() })),
  /** Notes the user left for numbers nobody had registered. */
  waitingNotes: z.optional(z.array(waitingNote)),
  /** The user's wiper slips, printed and attached. */
  slips: z.array(exportedSlip),
  /** The photos the user sent: where and when, not the picture. */
  photos: z.array(exportedPhoto),
  /** The requests the user marked a false alarm. */
  falseAlarmsReported: z.array(z.object({ requestId: z.string(), reportedAt: z.string() })),
  /** The pause strikes put on the user's number, if any, and the user's contest of it. */
  sendingPause: z.nullable(
    z.object({
      pausedAt: z.string(),
      pausedUntil: z.string(),
      contest: z.optional(z.object({ text: z.string(), at: z.string() })),
    }),
  ),
  /** The windscreen cards of the user's vehicles, live and ended. */
  cards: z.array(exportedCard),
});
export type AccountExport = z.infer<typeof accountExport>;

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

// Live channel, push and the page-worker messages ----------------------------------------------

/** Data-only FCM / live-channel payload for a new notification. */
export const pushData = z.object({
  notificationId: z.string(),
  title: z.string(),
  body: z.string(),
  senderName: z.string(),
  sentAt: z.string(),
  /** Where a tap on the notification opens the app. */
  url: z.string(),
  /**
   * The request the push brings its receiver: the worker reports it delivered, and offers to answer
   * it unless the push is the service's own. Absent on a push that tells a sender of an answer.
   */
  requestId: z.optional(z.string()),
  /** Shown without sound or vibration: the receiver is in quiet hours. */
  silent: z.boolean(),
  /** The service's own notice, shown as from Vahan Contact; never set on a user's request. */
  system: z.optional(z.boolean()),
  /** The receiver's language, the push's own (its texts are written in it): for the reply buttons. */
  language: z.optional(language),
});
export type PushData = z.infer<typeof pushData>;

/** What the service worker posts to its pages when a push arrives while one is open. */
export const pushMessage = z.object({ type: z.literal('push'), data: pushData });
export type PushMessage = z.infer<typeof pushMessage>;
