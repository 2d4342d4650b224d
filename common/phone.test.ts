import { describe, expect, it } from 'vitest';
import { isIndianMobile, normalisePhone, typedPhone } from './phone';

describe('normalisePhone', () => {
  it('keeps a bare 10-digit number', () => {
    expect(normalisePhone('9876543210')).toBe('9876543210');
  });

  it('strips a leading +91, 91 or 0 and spaces', () => {
    expect(normalisePhone('+91 98765 43210')).toBe('9876543210');
    expect(normalisePhone('919876543210')).toBe('9876543210');
    expect(normalisePhone('09876543210')).toBe('9876543210');
  });

  it('reads the ways people write a Kerala number: +91, 0091, 0, spaces, hyphens and brackets', () => {
    for (const written of [
      '+91 98470 12345',
      '+91-98470-12345',
      '+919847012345',
      '0091 98470 12345',
      '098470 12345',
      '0 98470-12345',
      '98470 12345',
      '98470-12345',
      '(+91) 98470 12345',
    ]) {
      expect(normalisePhone(written), written).toBe('9847012345');
    }
  });

  it('refuses anything that is not 10 digits once stripped', () => {
    for (const bad of ['', '98765', '98765432101', 'abcdefghij', '+1 9876543210', '98765-4321x']) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });
});

describe('typedPhone', () => {
  it('keeps every key of "+91 98470 12345" typed one by one, so the whole number is read at the end', () => {
    let box = '';
    for (const key of '+91 98470 12345') box = typedPhone(box + key);
    expect(box).toBe('+91 98470 12345');
    expect(normalisePhone(box)).toBe('9847012345');
  });

  it('drops letters but keeps a digit typed past ten, so an extra digit is refused rather than cut', () => {
    expect(typedPhone('98470a12345')).toBe('9847012345');
    expect(normalisePhone(typedPhone('98470123456'))).toBeNull();
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
