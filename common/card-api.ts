/**
 * The API contract of windscreen cards (docs/cards.md), apart from common/api.ts so that the first
 * load of /login carries none of it: the owner's card routes, the stranger's public routes.
 */
import * as z from 'zod/mini';
import { language, loginPayload, ownText, sentRequest, vehicle, vehicleType, verifyPayload } from './api';
import { MESSAGE_MAX } from './limits';
import { TEMPLATE_KEYS } from './message-templates';

const id = z.uuid({ error: 'must be a valid id' });

/** A vehicle's live windscreen card: its code, its URL on the server's origin, and its pause. */
export const vehicleCard = z.object({
  code: z.string(),
  url: z.string(),
  /** The card takes no messages until then; null when it is not paused. */
  pausedUntil: z.nullable(z.string()),
});
export type VehicleCard = z.infer<typeof vehicleCard>;

/** GET /api/users/getMyVehicles: the owner's own registrations, each with its live card (or null). */
export const myVehicle = z.extend(vehicle, { card: z._default(z.nullable(vehicleCard), null) });
export type MyVehicle = z.infer<typeof myVehicle>;
export const myVehicleList = z.array(myVehicle);

export const vehicleCardPayload = z.strictObject({ vehicleId: id });
export const vehicleCardQuery = vehicleCardPayload;

/** A card's code as it comes in a URL; any string that is no live card's code is "not found". */
const cardCode = z.string().check(z.minLength(1), z.maxLength(64));
export const cardCodeParams = z.strictObject({ code: cardCode });
export const cardVehicleQuery = z.strictObject({ code: cardCode });
export const cardVehicle = z.object({ vehicleNumber: z.string() });

/** GET /api/public/cards/{code}: all a stranger learns of the vehicle behind a card. */
export const publicCard = z.object({
  vehicleType,
  /** The state and office codes only ("KL 07 ** ****"): the last four digits are the stranger's proof. */
  maskedNumber: z.string(),
  /** The owner takes calls through the card at all (calls configured and allowed, card not paused), quiet hours or not. */
  callAvailable: z.boolean(),
  /** The owner paused the card: it takes no messages now. */
  paused: z.boolean(),
});
export type PublicCard = z.infer<typeof publicCard>;

/** A stranger's request through a card: the plate's last four digits, and a suggestion or a short text. */
export const cardRequestPayload = z
  .strictObject({
    plateLast4: z.string().check(z.regex(/^\d{4}$/, 'must be the last 4 digits of the plate')),
    templateKey: z.optional(z.enum(TEMPLATE_KEYS)),
    text: z.optional(ownText(MESSAGE_MAX)),
    /** The page's language: the answer's messages are written in it. */
    language: z.optional(language),
  })
  .check(
    z.refine(
      (body) => (body.templateKey === undefined) !== (body.text === undefined),
      'one of templateKey or text is required',
    ),
  );
export type CardRequestPayload = z.input<typeof cardRequestPayload>;
export const cardRequestCreated = z.object({ requestId: z.string(), statusToken: z.string() });
export type CardRequestCreated = z.infer<typeof cardRequestCreated>;

/** A request as someone without an account follows it by its status token; the frames of its stream too. */
export const publicRequestStatus = z.object({
  sentAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  seenAt: z.nullable(z.string()),
  reply: sentRequest.shape.reply,
  fallbacks: sentRequest.shape.fallbacks,
});
export type PublicRequestStatus = z.infer<typeof publicRequestStatus>;
export const statusTokenParams = z.strictObject({ statusToken: z.string().check(z.maxLength(100)) });

/**
 * A stranger's own phone, to be proven with a one-time code before a masked call from a card; with the
 * card's code, no code is texted unless a call through that card could go now.
 */
export const publicPhoneCodePayload = z.extend(loginPayload, { card: z.optional(cardCode) });
/** A masked call from a card: the stranger's phone (it rings first) and the code sent to it. */
export const cardCallPayload = z.extend(verifyPayload, { language: z.optional(language) });
