import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (phone: string, otp: string) =>
  t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });

const wrongCodes = (right: string) =>
  ['000000', '111111', '222222', '333333', '444444', '555555'].filter((code) => code !== right).slice(0, 4);

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await t.app.database.db
    .select({ sessions: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.sessions ?? 0;
}

const userIdOf = (answers: { statusCode: number; json: <T>() => T }[]) =>
  answers.find((answer) => answer.statusCode === 200)?.json<{ user: { _id: string } }>().user._id ?? '';

describe('a code checked by racing requests', () => {
  it('is single use: one right and four wrong tries together, then the right code again → 400, one session', async () => {
    const phone = nextPhone();
    await t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });
    const code = t.sms.lastCode(phone);
    const answers = await Promise.all([
      verify(phone, code),
      ...wrongCodes(code).map((wrong) => verify(phone, wrong)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect((await verify(phone, code)).statusCode).toBe(400);
    expect(await sessionsOf(userIdOf(answers))).toBe(1);
  });

  it('is single use when the right code is sent many times at once: exactly one session', async () => {
    const phone = nextPhone();
    await t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });
    const code = t.sms.lastCode(phone);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(phone, code)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await sessionsOf(userIdOf(answers))).toBe(1);
  });
});

describe('codes asked for one number by racing requests', () => {
  it('sends exactly one code for 10 parallel sign-ups of a new number', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
    expect(t.sms.sent.filter((sent) => sent.phone === phone)).toHaveLength(1);
  });

  it('sends exactly one code for 10 parallel sign-ins of a known number', async () => {
    const { user } = await t.signUp();
    t.clock.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({ method: 'POST', url: '/api/users/login', payload: { phone: user.phone } }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(t.sms.sent.filter((sent) => sent.phone === user.phone)).toHaveLength(2);
  });
});
