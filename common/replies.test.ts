import { describe, expect, it } from 'vitest';
import type { SentRequest } from './api';
import { textsByLanguage } from './i18n/texts-by-language';
import { replyTextProblem, requestStatusText } from './replies';

const english = textsByLanguage({ en: {}, ml: {} })('en');

describe('replyTextProblem', () => {
  it.each(['Coming, sorry!', 'Give me 5 min', 'At the temple till 7:30', 'Room 101, 2nd floor'])(
    'accepts %j',
    (text) => expect(replyTextProblem(text)).toBeNull(),
  );

  it.each([
    ['a link', 'see https://x.example'],
    ['a bare domain', 'go to evil.com now'],
    ['a www link', 'www.something'],
    ['an e-mail address', 'mail me at a.b@c.in'],
    ['a phone number', 'call 98765 43210'],
    ['a spaced-out phone number', 'call 9-8-7-6-5-4-3'],
  ])('refuses %s', (_name, text) => expect(replyTextProblem(text)).not.toBeNull());

  it('refuses more than 140 characters', () => {
    expect(replyTextProblem('a'.repeat(141))).toMatch(/140/);
    expect(replyTextProblem('a'.repeat(140))).toBeNull();
  });
});

describe('requestStatusText', () => {
  const request: SentRequest = {
    _id: 'r',
    vehicleNumber: 'KL07AB1234',
    content: 'Please move',
    sentAt: '2026-11-21T09:00:00.000Z',
    deliveredAt: null,
    seenAt: null,
    reply: null,
    reminderSentAt: null,
    fallbacks: [],
  };

  it('follows the request from sent to the answer', () => {
    expect(requestStatusText(english, request)).toBe('Sent');
    expect(requestStatusText(english, { ...request, deliveredAt: request.sentAt })).toBe('Delivered');
    expect(
      requestStatusText(english, { ...request, deliveredAt: request.sentAt, seenAt: request.sentAt }),
    ).toBe('Seen');
    expect(
      requestStatusText(english, { ...request, reply: { kind: 'five_minutes', at: request.sentAt } }),
    ).toBe('Coming in 5 minutes');
  });

  it("says the fallback ladder's last step until the owner has seen the request, then what they did", () => {
    const sms = { channel: 'sms', at: request.sentAt } as const;
    const call = { channel: 'call', at: request.sentAt } as const;
    expect(requestStatusText(english, { ...request, fallbacks: [sms] })).toBe('SMS sent to the owner');
    expect(requestStatusText(english, { ...request, fallbacks: [sms, call] })).toBe('Calling the owner');
    expect(requestStatusText(english, { ...request, fallbacks: [call], deliveredAt: request.sentAt })).toBe(
      'Calling the owner',
    );
    expect(requestStatusText(english, { ...request, fallbacks: [sms], seenAt: request.sentAt })).toBe('Seen');
    expect(
      requestStatusText(english, {
        ...request,
        fallbacks: [sms, call],
        reply: { kind: 'five_minutes', at: request.sentAt },
      }),
    ).toBe('Coming in 5 minutes');
  });

  it('says a reminder was sent while the request is unseen', () => {
    expect(requestStatusText(english, { ...request, reminderSentAt: request.sentAt })).toBe(
      'Sent · reminder sent',
    );
  });
});
