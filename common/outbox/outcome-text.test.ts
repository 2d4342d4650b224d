import { describe, expect, it } from 'vitest';
import { textsByLanguage } from '../i18n/texts-by-language';
import { outboxOutcomeText } from './outcome-text';

const texts = textsByLanguage({ en: {}, ml: {} });
const label = 'Message about KL07AB1234';
const ended = { key: 'k', userId: 'user-1', label, at: 0 };

describe('outboxOutcomeText', () => {
  it('says a queued request was sent', () => {
    expect(outboxOutcomeText(texts('en'), { ...ended, kind: 'sent' })).toBe('Sent: Message about KL07AB1234');
  });

  it("gives the server's reason when it refused the request", () => {
    const outcome = { ...ended, kind: 'refused', reason: 'Vehicle not found.' } as const;
    expect(outboxOutcomeText(texts('en'), outcome)).toBe(
      'Not sent: Message about KL07AB1234. Vehicle not found.',
    );
  });

  it('says a request that waited too long was dropped', () => {
    expect(outboxOutcomeText(texts('en'), { ...ended, kind: 'expired' })).toBe(
      'Not sent: Message about KL07AB1234. It waited more than 24 hours.',
    );
  });

  it('speaks Malayalam to a Malayalam reader', () => {
    expect(outboxOutcomeText(texts('ml'), { ...ended, kind: 'sent' })).toBe('അയച്ചു: Message about KL07AB1234');
  });
});
