/** The API's answers: users, vehicles, requests as their receiver and their sender see them, sessions and the runtime configuration. */
import * as z from 'zod/mini';
import { COUNTRY, DISTRICTS, STATE } from '../districts';
import { GENDERS } from '../genders';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages';
import { REPLY_KINDS } from '../replies';
import { CLOCK_TIME } from '../quiet-hours';
import { FALLBACK_CHANNELS } from '../fallback-channels';
import { VEHICLE_TYPES } from '../vehicle-types';

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
  /** The receiver marked it a false alarm (still undoable, or counted); else absent. */
  falseAlarm: z.optional(z.literal(true)),
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
  /**
   * How long a session lasts at most (`SESSION_MAX_DAYS`): the PWA keeps its copies of a session's
   * screens no longer. Absent from a server older than it (the PWA then takes the default, 90).
   */
  sessionMaxDays: z.optional(z.int().check(z.positive())),
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
