import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { aCard, nextAddress } from '../../../testing/card-fixtures';

type Telephony = NonNullable<FastifyInstance['deps']['telephony']>;

const placed: { caller: string; callee: string }[] = [];
const telephony: Telephony = {
  async connect(call) {
    placed.push(call);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { telephony } });
});
afterAll(() => t.close());

const postForm = (url: string, fields: Record<string, string>) =>
  t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });

describe('the card page’s call form, with a phone written the Kerala way', () => {
  it('has a phone box long enough for "+91 98470 12345", so no digit is cut', async () => {
    const { card } = await aCard(t);
    const page = await t.inject({ method: 'GET', url: `/c/${card.code}` });
    const box = /<input[^>]*name="phone"[^>]*>/.exec(page.body)?.[0] ?? '';
    const maxLength = Number(/maxlength="(\d+)"/.exec(box)?.[1]);
    expect(maxLength).toBeGreaterThanOrEqual('+91 98470 12345'.length);
  });

  for (const [written, phone] of [
    ['+91 98470 12345', '9847012345'],
    ['098470 12346', '9847012346'],
    ['98470-12347', '9847012347'],
  ] as const) {
    it(`reads "${written}" as ${phone} and calls from that number`, async () => {
      const { owner, card } = await aCard(t);
      placed.length = 0;
      const codeStep = await postForm(`/c/${card.code}/call/code`, { phone: written });
      expect(codeStep.statusCode, codeStep.body).toBe(200);
      expect(codeStep.body).toContain(`value="${phone}"`);
      const called = await postForm(`/c/${card.code}/call`, { phone, otp: t.sms.lastCode(phone) ?? '' });
      expect(called.statusCode, called.body).toBe(200);
      expect(placed).toEqual([{ caller: phone, callee: owner.user.phone }]);
    });
  }
});
