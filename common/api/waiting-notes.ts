/** Waiting notes: a note left for a number nobody has registered yet. */
import * as z from 'zod/mini';
import { NOTE_TEXT_MAX } from '../limits';
import { contactDetailsProblem } from '../contact-details';
import { TEMPLATE_KEYS } from '../message-templates';
import { trimmedText, id, vehicleNumberField } from './fields';

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
