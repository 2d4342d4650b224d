import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-display';

describe('formatPhone', () => {
  it('groups a number the Indian way', () => {
    expect(formatPhone('9847012345')).toBe('+91 98470 12345');
    expect(formatPhone('+91-98470-12345')).toBe('+91 98470 12345');
  });

  it('leaves what is not a phone number as it is', () => {
    expect(formatPhone('12345')).toBe('12345');
  });
});
