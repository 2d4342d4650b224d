import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';
import { post } from '../../testing/user-api';

const GAP_S = 45;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CODE_RESEND_GAP_S: String(GAP_S) } });
});
afterAll(() => t.close());

describe('the seconds until a new code may be asked for', () => {
  it('are told by the sign-up answer, from CODE_RESEND_GAP_S', async () => {
    const phone = nextPhone();
    const response = await post(t, '/api/users/register', registration(phone));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ phone, resendAfterSeconds: GAP_S });
  });

  it('are told by the sign-in answer, and a code asked for sooner is refused with what is left in Retry-After', async () => {
    const { user } = await t.signUp();
    t.clock.advance((GAP_S + 1) * 1000);
    const sent = await post(t, '/api/users/login', { phone: user.phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: expect.any(String), resendAfterSeconds: GAP_S });
    t.clock.advance(15_000);
    const tooSoon = await post(t, '/api/users/login', { phone: user.phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe(String(GAP_S - 15));
  });
});
