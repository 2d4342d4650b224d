import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

const OTP_PEPPER = 'the-servers-own-pepper-for-tests';
const RESEND_GAP_MS = 31_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_PEPPER } });
});
afterAll(() => t.close());

/** A registered user's phone with a sign-in code just sent to it: the code and its stored row. */
async function freshSignInCode() {
  const { phone } = (await t.signUp()).user;
  t.clock.advance(RESEND_GAP_MS);
  const asked = await t.inject({ method: 'POST', url: '/api/users/login', payload: { phone } });
  expect(asked.statusCode).toBe(200);
  const code = t.sms.lastCode(phone);
  const rows = await t.app.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
  const live = rows.find((row) => row.consumedAt === null);
  if (!live) throw new Error('no live code was stored');
  return { phone, code, row: live };
}

const verify = (phone: string, otp: string) =>
  t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });

const storeHash = (id: string, codeHash: string) =>
  t.app.database.db.update(otpCodes).set({ codeHash }).where(eq(otpCodes.id, id));

describe('one-time codes hashed with OTP_PEPPER', () => {
  it('stores the HMAC of the code under the pepper, not its bare hash', async () => {
    const { code, row } = await freshSignInCode();
    const subject = `${row.id}:${code}`;
    expect(row.codeHash).toBe(createHmac('sha256', OTP_PEPPER).update(subject).digest('hex'));
    expect(row.codeHash).not.toBe(createHash('sha256').update(subject).digest('hex'));
  });

  it('does not verify a code stored without the pepper', async () => {
    const { phone, code, row } = await freshSignInCode();
    await storeHash(row.id, createHash('sha256').update(`${row.id}:${code}`).digest('hex'));
    expect((await verify(phone, code)).statusCode).toBe(400);
  });

  it('does not verify a code stored under another pepper', async () => {
    const { phone, code, row } = await freshSignInCode();
    const otherPepper = createHmac('sha256', 'another-servers-pepper').update(`${row.id}:${code}`);
    await storeHash(row.id, otherPepper.digest('hex'));
    expect((await verify(phone, code)).statusCode).toBe(400);
  });

  it('verifies the code it stored', async () => {
    const { phone, code } = await freshSignInCode();
    expect((await verify(phone, code)).statusCode).toBe(200);
  });
});
