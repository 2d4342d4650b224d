import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { textsFor } from '../../../i18n/texts';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { aCard, nextAddress } from '../../../testing/card-fixtures';

type Telephony = NonNullable<FastifyInstance['deps']['telephony']>;

const english = textsFor('en');
const malayalam = textsFor('ml');

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
beforeEach(() => {
  placed.length = 0;
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A form posted as a browser with scripts off posts it. */
const postForm = (url: string, fields: Record<string, string>) =>
  t.inject({
    method: 'POST',
    url,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });

let phoneCounter = 0;
const strangerPhone = () => `96${String((phoneCounter += 1)).padStart(8, '0')}`;

describe('the card page’s call form', () => {
  it('is offered whenever the owner takes calls through the card, as a plain form for the stranger’s phone', async () => {
    const { owner, card } = await aCard(t);
    const page = await t.inject({ method: 'GET', url: `/c/${card.code}` });
    expect(page.body).toContain(`action="/c/${card.code}/call/code?lang=en"`);
    expect(page.body).toContain(english._('cardPage.callTitle'));
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { allowCalls: false },
      headers: owner.headers,
    });
    const declined = await t.inject({ method: 'GET', url: `/c/${card.code}` });
    expect(declined.body).not.toContain('/call/code');
  });

  it('takes the phone, then the code, and places the call without JavaScript', async () => {
    const { owner, card } = await aCard(t);
    const phone = strangerPhone();
    const codeStep = await postForm(`/c/${card.code}/call/code`, { phone });
    expect(codeStep.statusCode).toBe(200);
    expect(codeStep.body).toContain(`action="/c/${card.code}/call?lang=en"`);
    expect(codeStep.body).toContain(`value="${phone}"`);
    const called = await postForm(`/c/${card.code}/call`, { phone, otp: t.sms.lastCode(phone) });
    expect(called.statusCode).toBe(200);
    expect(called.body).toContain(english._('cardPage.callPlacedBody'));
    expect(called.body).not.toContain(owner.user.phone);
    expect(placed).toEqual([{ caller: phone, callee: owner.user.phone }]);
  });

  it('shows the code step again with the reason for a wrong code, in the page’s language', async () => {
    const { card } = await aCard(t);
    const phone = strangerPhone();
    await postForm(`/c/${card.code}/call/code?lang=ml`, { phone });
    const wrong = await postForm(`/c/${card.code}/call?lang=ml`, { phone, otp: '12' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(malayalam._('server.auth.invalidCode'));
    expect(placed).toEqual([]);
  });

  it('refuses a malformed phone on the card page with 400', async () => {
    const { card } = await aCard(t);
    const response = await postForm(`/c/${card.code}/call/code`, { phone: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(english._('cardPage.badPhone'));
  });
});
