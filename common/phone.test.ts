import { describe, expect, it } from 'vitest';
import { isIndianMobile, normalisePhone } from './phone';

describe('normalisePhone', () => {
  it('keeps a bare 10-digit number', () => {
    expect(normalisePhone('9876543210')).toBe('9876543210');
  });

  it('strips a leading +91, 91 or 0 and spaces', () => {
    expect(normalisePhone('+91 98765 43210')).toBe('9876543210');
    expect(normalisePhone('919876543210')).toBe('9876543210');
    expect(normalisePhone('09876543210')).toBe('9876543210');
  });

  it('refuses anything that is not 10 digits once stripped', () => {
    for (const bad of ['', '98765', '98765432101', 'abcdefghij', '+1 9876543210', '98765-4321x']) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });
});

describe('isIndianMobile', () => {
  it('accepts numbers starting 6 to 9', () => {
    expect(['6000000000', '7123456789', '8123456789', '9123456789'].every(isIndianMobile)).toBe(true);
  });

  it('refuses numbers starting 0 to 5', () => {
    expect(['0123456789', '1234567890', '5123456789'].some(isIndianMobile)).toBe(false);
  });
});
