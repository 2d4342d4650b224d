import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { otpCodes } from '../../db/schema';
import { tooManyRequests } from '../../lib/http-error';

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
const RESEND_GAP_MS = 30_000;
const HOURLY_PER_PHONE = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

export interface IssuedCode {
  id: string;
  code: string;
}

export interface IssueLimits {
  dailyCap: number;
  onDailyCapReached: () => void;
}

/** Codes: 6 digits from a CSPRNG, stored hashed, single use, 5 minutes, burnt after 5 wrong tries. */
export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Issues a new code for a phone (any earlier one is void), within the per-phone and daily limits. */
  async issue(phone: string, limits: IssueLimits): Promise<IssuedCode> {
    const now = this.now();
    await this.checkLimits(phone, now, limits);
    const id = randomUUID();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db.transaction(async (tx) => {
      await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
      await tx.insert(otpCodes).values({
        id,
        phone,
        codeHash: hashCode(id, code).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
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

  /** True exactly once for the right, unexpired code; a wrong try counts against the code. */
  async verify(phone: string, code: string): Promise<boolean> {
    const now = this.now();
    const [latest] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (!latest || latest.expiresAt <= now || latest.attempts >= MAX_ATTEMPTS) return false;
    const expected = Buffer.from(latest.codeHash, 'hex');
    if (!timingSafeEqual(hashCode(latest.id, code), expected)) {
      await this.db
        .update(otpCodes)
        .set({
          attempts: sql`${otpCodes.attempts} + 1`,
          consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(eq(otpCodes.id, latest.id));
      return false;
    }
    // Consuming with a guard makes two racing verifies of one code succeed only once.
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return consumed.length === 1;
  }

  private async checkLimits(phone: string, now: Date, limits: IssueLimits): Promise<void> {
    const recent = await this.db
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      // Strictly newer than an hour ago: at the moment Retry-After names, the oldest code has left the window.
      .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
      .orderBy(desc(otpCodes.createdAt))
      .limit(HOURLY_PER_PHONE);
    const newest = recent[0];
    if (newest && now.getTime() - newest.createdAt.getTime() < RESEND_GAP_MS) {
      throw tooManyRequests(
        'Please wait before asking for another code.',
        (RESEND_GAP_MS - (now.getTime() - newest.createdAt.getTime())) / 1000,
      );
    }
    const oldest = recent[HOURLY_PER_PHONE - 1];
    if (oldest) {
      throw tooManyRequests(
        'Too many codes asked for this number. Try again later.',
        (HOUR_MS - (now.getTime() - oldest.createdAt.getTime())) / 1000,
      );
    }
    const [today] = await this.db
      .select({ issued: count() })
      .from(otpCodes)
      .where(gt(otpCodes.createdAt, new Date(now.getTime() - DAY_MS)));
    if ((today?.issued ?? 0) >= limits.dailyCap) {
      limits.onDailyCapReached();
      throw tooManyRequests('Sign-in codes are paused for now. Please try again later.', HOUR_MS / 1000);
    }
  }
}
