import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { registrations, users, type UserRow } from '../../db/schema';

export type RegistrationInput = Omit<typeof registrations.$inferInsert, 'createdAt'>;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

/** A pending sign-up; registering the same phone again replaces it. */
export async function savePendingRegistration(db: Db, input: RegistrationInput): Promise<void> {
  const { phone: _phone, ...fields } = input;
  await db
    .insert(registrations)
    .values(input)
    .onConflictDoUpdate({ target: registrations.phone, set: { ...fields, createdAt: new Date() } });
}

/** Turns the verified phone's pending sign-up into an account; returns the existing account if any. */
export async function accountForVerifiedPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const existing = await findUserByPhone(db, phone);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [pending] = await tx.delete(registrations).where(eq(registrations.phone, phone)).returning();
    if (!pending) return undefined;
    const [created] = await tx
      .insert(users)
      .values({
        name: pending.name,
        email: pending.email,
        phone: pending.phone,
        gender: pending.gender,
        dateOfBirth: pending.dateOfBirth,
        district: pending.district,
        city: pending.city,
      })
      .returning();
    return created;
  });
}
