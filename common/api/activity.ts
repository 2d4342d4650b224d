/** GET /api/users/activity: what happened lately to the caller's windscreen cards and wiper slips. */
import * as z from 'zod/mini';
import { REPLY_KINDS } from '../replies';

/**
 * - `cardMade`: a card was made for one of the caller's vehicles; `cardReplaced`: a new card replaced
 *   the old one, which stopped working; `cardTurnedOff`: the card was turned off.
 * - `cardRequest`: someone without an account reached the caller through a card (`requestKind`
 *   message or call; `reply` the caller's answer, if any); `requestId` is the request's id.
 * - `slipsPrinted`: `count` slips printed; `slipAttached`: a slip with the note `text` put on the car
 *   `vehicleNumber`; `slipAnswered`: the driver of that car answered the slip (`reply`). `requestId` is
 *   the slip's id, which is also its id among the caller's sent requests.
 *
 * Never anything about the stranger: no address, cookie, phone or name.
 */
export const ACTIVITY_KINDS = [
  'cardMade',
  'cardReplaced',
  'cardTurnedOff',
  'cardRequest',
  'slipsPrinted',
  'slipAttached',
  'slipAnswered',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityItem = z.object({
  /** Unique among the items: the kind and the row it comes from. */
  _id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** The plate, upper case, as stored (no spaces); null for printed slips. */
  vehicleNumber: z.nullable(z.string()),
  requestId: z.optional(z.string()),
  requestKind: z.optional(z.enum(['message', 'call'])),
  reply: z.optional(z.nullable(z.enum(REPLY_KINDS))),
  count: z.optional(z.number()),
  text: z.optional(z.string()),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** Newest first: the last `ACTIVITY_DAYS` days, at most `ACTIVITY_MAX` items. */
export const activityList = z.array(activityItem);

export const ACTIVITY_DAYS = 30;
export const ACTIVITY_MAX = 100;
