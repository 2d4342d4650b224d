import { describe, expect, it } from 'vitest';
import { greetingText, noticeText, replyOfDigits } from './texts';

describe('the fallback SMS', () => {
  it('says who needs what in the words of the issue, with no sender and no link', () => {
    expect(noticeText('en', 'KL07AB1234')).toBe(
      'Vahan Contact: someone needs you to move KL07AB1234. Open Vahan Contact to answer.',
    );
  });

  it("is written in the receiver's language", () => {
    expect(noticeText('ml', 'KL07AB1234')).toContain('KL07AB1234');
    expect(noticeText('ml', 'KL07AB1234')).toMatch(/[\u0D00-\u0D7F]/);
  });
});

describe('the greeting of the call', () => {
  it('spells the number out and offers the five answers on keys 1 to 5', () => {
    expect(greetingText('en', 'KL07AB1234')).toBe(
      'This is Vahan Contact. Someone needs you to move your vehicle K L 0 7 A B 1 2 3 4. ' +
        'For Coming now, press 1. For In 5 minutes, press 2. For In 15 minutes, press 3. ' +
        "For Can't come now, press 4. For Not my vehicle, press 5.",
    );
  });

  it('speaks English to a Malayalam reader: the provider has no Malayalam voice', () => {
    expect(greetingText('ml', 'KL07AB1234')).toBe(greetingText('en', 'KL07AB1234'));
  });
});

describe('replyOfDigits', () => {
  it('reads the key Exotel sends in quotes as the answer it stands for', () => {
    expect(replyOfDigits('"1"')).toBe('coming_now');
    expect(replyOfDigits('"3"')).toBe('fifteen_minutes');
    expect(replyOfDigits('5')).toBe('not_my_vehicle');
  });

  it('reads no answer from any other key, several keys or none', () => {
    for (const digits of ['"0"', '"6"', '"9"', '"12"', '""', '', undefined, '"#"']) {
      expect(replyOfDigits(digits)).toBeNull();
    }
  });
});
