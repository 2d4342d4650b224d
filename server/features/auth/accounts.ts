import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#common/languages';
import type { Db } from '../../db/database';
import { users, type PendingRegistration, type UserRow } from '../../db/schema';

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

/**
 * The account of a verified phone: the existing one, or one made `now` from the sign-up the verified
 * code was issued for; undefined when there is neither.
 */
export async function accountForVerifiedPhone(
  db: Db,
  phone: string,
  registration: PendingRegistration | null,
  now: Date,
): Promise<UserRow | undefined> {
  const existing = await findUserByPhone(db, phone);
  if (existing || !registration) return existing;
  const [created] = await db
    .insert(users)
    .values({
      phone,
      name: registration.name,
      email: registration.email,
      gender: registration.gender,
      dateOfBirth: registration.dateOfBirth,
      district: registration.district,
      city: registration.city,
      phoneVisible: registration.phoneVisible ?? false,
      language: registration.language ?? DEFAULT_LANGUAGE,
      consentedAt: registration.consentedAt ? new Date(registration.consentedAt) : null,
      createdAt: now,
    })
    .returning();
  return created;
}
