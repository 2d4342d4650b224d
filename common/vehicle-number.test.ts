import { describe, expect, it } from 'vitest';
import { isValidVehicleNumber, normaliseVehicleNumber } from './vehicle-number';

describe('vehicle number rule (SPEC §5)', () => {
  it('accepts 2 letters, 2 digits, 1 or 2 letters or digits, 4 digits', () => {
    for (const good of ['KL07AB1234', 'kl07a1234', 'KL0712 1234', 'kl-07-c-0001', 'TN22ZZ9999']) {
      expect(isValidVehicleNumber(good), good).toBe(true);
    }
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      'K07AB1234',
      'KL7AB1234',
      'KL07ABC1234',
      'KL07AB123',
      'KL07AB12345',
      'KL07AB12a4',
    ]) {
      expect(isValidVehicleNumber(bad), bad).toBe(false);
    }
  });

  it('normalises to lower case without spaces or hyphens', () => {
    expect(normaliseVehicleNumber(' KL 07-AB 1234 ')).toBe('kl07ab1234');
  });
});
