/** The fields every payload is built of: names, phones, plates, dates, e-mail addresses and ids. */
import * as z from 'zod/mini';
import { EMAIL_MAX, NAME_MAX } from '../limits';
import { ADULT_AGE, isAdult } from '../age';
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../person-name';
import { isIndianMobile, normalisePhone, TYPED_PHONE_MAX } from '../phone';
import { isValidVehicleNumber, normaliseVehicleNumber } from '../vehicle-number';

/** A trimmed string with a length range, the shape of every text field the API takes. */
export const trimmedText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

export const id = z.uuid({ error: 'must be a valid id' });

/** A person's name: checked as typed (no invisible characters, nothing that reads as the service), then trimmed. */
export const personName = z.string().check(
  z.superRefine((value: string, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: NAME_PROBLEM_MESSAGES[problem], input: value });
  }),
  z.trim(),
  z.minLength(1),
  z.maxLength(NAME_MAX),
);

/** A phone as people type it, reduced to the 10 digits of an Indian mobile number. */
export const phoneField = z.pipe(
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
export const adultDateOfBirth = pastIsoDate.check(
  z.refine((value: string) => isAdult(value, new Date()), `must be of someone ${ADULT_AGE} or older`),
);

export const emailAddress = z.pipe(
  z.string().check(z.trim(), z.maxLength(EMAIL_MAX)),
  z.email({ error: 'must be a valid email address' }),
);

/** Every `{ message }` answer: errors and the confirmations of writes. */
export const messageResponse = z.object({ message: z.string() });
