/**
 * The wiper slips' part of the API contract (common/api.ts holds the rest): kept apart so that the
 * screens that never touch slips, /login first, do not carry it.
 */
import * as z from 'zod/mini';
import { ownText, replyKind, vehicleNumberField } from './api';
import { SLIP_TEXT_MAX, SLIPS_PER_SHEET } from './limits';
import { TEMPLATE_KEYS } from './message-templates';
import { normaliseSlipCode } from './slip-code';

/** POST /api/users/slips: how many slips to make (a sheet holds eight). */
export const createSlipsPayload = z.strictObject({
  count: z.int().check(z.minimum(1), z.maximum(SLIPS_PER_SHEET)),
});

/** A slip as its maker sees it: the code as printed and the address its QR code opens. */
export const slip = z.object({ code: z.string(), url: z.string() });
export type Slip = z.infer<typeof slip>;
export const createdSlips = z.object({ slips: z.array(slip) });
export type CreatedSlips = z.infer<typeof createdSlips>;

/** A slip's code as typed: any case, spaces or hyphens (common/slip-code.ts). */
export const slipCodeParams = z.strictObject({
  code: z.pipe(
    z.string().check(z.maxLength(20)),
    z.transform((value: string, ctx) => {
      const code = normaliseSlipCode(value);
      if (code) return code;
      ctx.issues.push({ code: 'custom', message: 'must be a slip code like 7KQ3M-XD9PA', input: value });
      return z.NEVER;
    }),
  ),
});

/** The note attached to a slip: one of the suggested texts, or a short text with no contact details. */
export const attachSlipPayload = z.union([
  z.strictObject({ vehicleNumber: vehicleNumberField, templateKey: z.enum(TEMPLATE_KEYS) }),
  z.strictObject({
    vehicleNumber: vehicleNumberField,
    text: ownText(SLIP_TEXT_MAX),
  }),
]);
export type AttachSlipPayload = z.input<typeof attachSlipPayload>;

/** GET /api/public/slips/{code}: what the reader of a slip sees; the whole plate, no person. */
export const publicSlip = z.union([
  z.object({
    used: z.literal(true),
    vehicleNumber: z.string(),
    text: z.string(),
    sentAt: z.string(),
    reply: z.nullable(z.object({ kind: replyKind, at: z.string() })),
  }),
  z.object({ used: z.literal(false) }),
]);
export type PublicSlip = z.infer<typeof publicSlip>;

/** POST /api/public/slips/{code}/reply: the reader's one answer, one tap. */
export const slipReplyPayload = z.strictObject({ kind: replyKind });
export const slipReplyResponse = z.object({ kind: replyKind, at: z.string() });
