import { z } from 'zod';
import { GENDERS } from '#common/api';
import { COUNTRY, STATE, isCityOf, isDistrict } from '#common/districts';
import { EMAIL_MAX, NAME_MAX, OTP_LENGTH } from '#common/limits';
import { isIndianMobile, normalisePhone } from '#common/phone';
import { trimmedText } from '../../lib/validation';

/** A phone as people type it, reduced to the 10 digits of an Indian mobile number. */
export const phoneField = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'must be a 10-digit mobile number' });
      return z.NEVER;
    }
    if (!isIndianMobile(phone)) {
      ctx.addIssue({ code: 'custom', message: 'must be an Indian mobile number starting with 6, 7, 8 or 9' });
      return z.NEVER;
    }
    return phone;
  });

export const loginBody = z.strictObject({ phone: phoneField });

const pastIsoDate = z.iso.date().refine((value) => {
  const at = new Date(`${value}T00:00:00Z`);
  return at.getTime() < Date.now() && at.getUTCFullYear() >= 1900;
}, 'must be a date in the past');

export const registerBody = z
  .strictObject({
    name: trimmedText(1, NAME_MAX),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .pipe(z.email({ message: 'must be a valid email address' })),
    phone: phoneField,
    gender: z.enum(GENDERS),
    dateOfBirth: pastIsoDate,
    location: z.string().trim().refine(isDistrict, 'must be one of the 14 districts of Kerala'),
    city: z.string().trim().max(50),
    country: z.literal(COUNTRY).optional(),
    state: z.literal(STATE).optional(),
  })
  .refine((body) => isCityOf(body.location, body.city), {
    path: ['city'],
    message: 'must be one of the cities of the chosen district',
  });

export const verifyBody = z.strictObject({
  phone: phoneField,
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be ${OTP_LENGTH} digits`),
});

export const logoutBody = z.strictObject({ fcmToken: z.string().max(4096).optional() });
