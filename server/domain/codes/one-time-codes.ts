import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { otpCodes, type CodePurpose, type PendingRegistration } from '../../db/schema';
import { tooManyRequests, type ClientText } from '../../lib/http-error';
import { DAY_MS, HOUR_MS } from '#common/durations';

/** The share of a daily budget at which the operator is warned. */
const WARN_SHARE = 0.8;

/** Keyed with the server's secret: a copy of the table alone does not let anyone try the million codes. */
const hashCode = (pepper: string, id: string, code: string) =>
  createHmac('sha256', pepper).update(`${id}:${code}`).digest();

export interface IssuedCode {
  id: string;
  code: string;
}

export type DailyBudget = 'total' | 'repeat' | 'signup';

export interface IssueLimits {
  /** Codes a day, all together. */
  dailyCap: number;
  resendGapMs: number;
  /** What a refusal by a daily budget of the service says. */
  pausedText: ClientText;
  /** Codes a day for sign-ups (numbers without an account), within `dailyCap`; none, no such budget. */
  signupDailyCap?: number;
  /** Repeat codes a day (a number's second and later), within `dailyCap`: first codes keep the rest; none, no such budget. */
  repeatDailyCap?: number;
  /** Codes an hour for one phone. */
  perPhoneHourly: number;
  /** Codes a day for one phone. */
  perPhoneDaily: number;
  onDailyCapReached: (budget: DailyBudget, cap: number) => void;
  onDailyCapNear: (budget: DailyBudget, cap: number) => void;
}

/** What a right code proves: the phone, and the sign-up the code was issued for (if any). */
export interface VerifiedCode {
  registration: PendingRegistration | null;
}

const sameRegistration = (a: PendingRegistration, b: PendingRegistration) =>
  a.name === b.name &&
  a.email === b.email &&
  a.gender === b.gender &&
  a.dateOfBirth === b.dateOfBirth &&
  a.district === b.district &&
  a.city === b.city &&
  (a.phoneVisible ?? false) === (b.phoneVisible ?? false);

/**
 * Codes: 6 digits from a CSPRNG, stored hashed with the server's pepper, single use, living
 * CODE_LIFETIME_MINUTES (5), burnt after CODE_TRIES (5) wrong tries. Each purpose is apart: its codes are limited, voided and checked only among
 * themselves, so a stranger's codes never spend, void or burn a sign-in code of the same phone.
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly purpose: CodePurpose,
    private readonly pepper: string,
    /** How long a code lives, and the wrong tries that burn it. */
    private readonly life: { ms: number; tries: number },
  ) {}

  /**
   * Issues a new code for a phone within the per-phone and daily limits. A sign-up code carries its
   * sign-up. An earlier code is void, except another sign-up's live code: each sign-up stays bound to
   * the code sent for it, so nobody can put their details under a code that reaches someone else.
   * The limits are checked and the code stored under a lock of the phone, so racing requests for one
   * number are judged one after the other and cannot slip past the limits together.
   */
  async issue(phone: string, limits: IssueLimits, registration?: PendingRegistration): Promise<IssuedCode> {
    const now = this.now();
    const id = randomUUID();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-codes:${phone}`}, 0))`);
      await checkLimits(tx, this.purpose, phone, now, limits, registration);
      const live = await tx
        .select({ id: otpCodes.id, registration: otpCodes.registration })
        .from(otpCodes)
        .where(and(this.ofPurpose(phone), isNull(otpCodes.consumedAt)))
        .orderBy(otpCodes.id)
        .for('update');
      const superseded = live.filter(
        (earlier) =>
          !registration || !earlier.registration || sameRegistration(earlier.registration, registration),
      );
      if (superseded.length > 0) {
        await tx
          .update(otpCodes)
          .set({ consumedAt: now })
          .where(
            inArray(
              otpCodes.id,
              superseded.map((earlier) => earlier.id),
            ),
          );
      }
      await tx.insert(otpCodes).values({
        id,
        phone,
        codeHash: hashCode(this.pepper, id, code).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.life.ms),
        registration: registration ?? null,
        purpose: this.purpose,
      });
    });
    return { id, code };
  }

  /**
   * Forgets a code that never reached the phone (the SMS provider refused it): it no longer counts
   * against the resend gap, the hourly or the daily limit, so asking again works at once.
   */
  async discard(issued: IssuedCode): Promise<void> {
    await this.db.delete(otpCodes).where(eq(otpCodes.id, issued.id));
  }

  /**
   * Succeeds exactly once for a right, unexpired code of the phone (then every code of the phone is
   * spent); a wrong try counts against every live code of the phone. Their rows are locked for the
   * check, so racing tries are judged one after the other.
   */
  async verify(phone: string, code: string): Promise<VerifiedCode | null> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const live = await tx
        .select()
        .from(otpCodes)
        .where(
          and(
            this.ofPurpose(phone),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, now),
            lt(otpCodes.attempts, this.life.tries),
          ),
        )
        // One lock order for every transaction, so two racing tries wait rather than deadlock.
        .orderBy(otpCodes.id)
        .for('update');
      if (live.length === 0) return null;
      const ids = live.map((row) => row.id);
      const right = live.find((row) =>
        timingSafeEqual(hashCode(this.pepper, row.id, code), Buffer.from(row.codeHash, 'hex')),
      );
      if (right) {
        await tx.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, ids));
        return { registration: right.registration };
      }
      const attempts = sql`${otpCodes.attempts} + 1`;
      await tx
        .update(otpCodes)
        .set({
          attempts,
          consumedAt: sql`case when ${attempts} >= ${this.life.tries} then ${now.toISOString()}::timestamptz else ${otpCodes.consumedAt} end`,
        })
        .where(inArray(otpCodes.id, ids));
      return null;
    });
  }

  private ofPurpose(phone: string) {
    return and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, this.purpose));
  }
}

/**
 * The phone's resend gap, hourly and daily limits, then the daily budgets of the service: all codes,
 * repeat codes (a number's second and later code in 24 hours) and sign-up codes; each counts only the
 * codes of its purpose.
 */
async function checkLimits(
  db: Db,
  purpose: CodePurpose,
  phone: string,
  now: Date,
  limits: IssueLimits,
  registration: PendingRegistration | undefined,
): Promise<void> {
  const recent = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    // Strictly newer than a window ago: at the moment Retry-After names, the oldest code has left it.
    .where(
      and(
        eq(otpCodes.phone, phone),
        eq(otpCodes.purpose, purpose),
        gt(otpCodes.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(Math.max(limits.perPhoneHourly, limits.perPhoneDaily));
  const age = (at: Date) => now.getTime() - at.getTime();
  const newest = recent[0];
  if (newest && age(newest.createdAt) < limits.resendGapMs) {
    throw tooManyRequests(
      (i18n) => i18n._('server.auth.waitForCode'),
      (limits.resendGapMs - age(newest.createdAt)) / 1000,
    );
  }
  const lastOfTheHour = recent[limits.perPhoneHourly - 1];
  if (lastOfTheHour && age(lastOfTheHour.createdAt) < HOUR_MS) {
    throw tooManyRequests(
      (i18n) => i18n._('server.auth.tooManyCodes'),
      (HOUR_MS - age(lastOfTheHour.createdAt)) / 1000,
    );
  }
  const lastOfTheDay = recent[limits.perPhoneDaily - 1];
  if (lastOfTheDay) {
    throw tooManyRequests(
      (i18n) => i18n._('server.auth.tooManyCodes'),
      (DAY_MS - age(lastOfTheDay.createdAt)) / 1000,
    );
  }
  const budget = (name: DailyBudget, cap: number) => checkDailyBudget(db, purpose, now, limits, name, cap);
  await budget('total', limits.dailyCap);
  if (newest && limits.repeatDailyCap !== undefined) await budget('repeat', limits.repeatDailyCap);
  if (registration && limits.signupDailyCap !== undefined) await budget('signup', limits.signupDailyCap);
}

async function checkDailyBudget(
  db: Db,
  purpose: CodePurpose,
  now: Date,
  limits: IssueLimits,
  budget: DailyBudget,
  cap: number,
) {
  const since = and(eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, new Date(now.getTime() - DAY_MS)));
  const [today] = await db
    .select({
      // A repeat is every code of a number but its first in the window.
      issued:
        budget === 'repeat' ? sql<number>`(count(*) - count(distinct ${otpCodes.phone}))::int` : count(),
    })
    .from(otpCodes)
    .where(budget === 'signup' ? and(since, isNotNull(otpCodes.registration)) : since);
  const issued = today?.issued ?? 0;
  if (issued >= cap) {
    limits.onDailyCapReached(budget, cap);
    throw tooManyRequests(limits.pausedText, HOUR_MS / 1000);
  }
  const warnAt = Math.ceil(cap * WARN_SHARE);
  if (issued < warnAt && issued + 1 >= warnAt) limits.onDailyCapNear(budget, cap);
}
