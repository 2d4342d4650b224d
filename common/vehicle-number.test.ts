import { describe, expect, it } from 'vitest';
import {
  isValidVehicleNumber,
  maskedVehicleNumber,
  normaliseVehicleNumber,
  plateFourDigits,
} from './vehicle-number';

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
      'TN7AB1234',
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

describe('Bharat-series plates', () => {
  it('accepts two digits of the year, BH, four digits and one or two letters, in the 10 characters stored', () => {
    for (const good of ['22 BH 1234 AA', '22bh1234a', '21-BH-0001-ZZ']) {
      expect(isValidVehicleNumber(good), good).toBe(true);
      expect(normaliseVehicleNumber(good).length).toBeLessThanOrEqual(10);
    }
    expect(normaliseVehicleNumber('22 BH 1234 AA')).toBe('22bh1234aa');
  });

  it('refuses a Bharat-series plate of another shape', () => {
    for (const bad of ['2BH1234AA', '22BH123AA', '22BH1234ABC', '22BH12345A', '22BX1234AA', '22BH1234']) {
      expect(isValidVehicleNumber(bad), bad).toBe(false);
    }
  });

  it('has its four digits after BH, which its masked form hides', () => {
    expect(plateFourDigits('22bh1234aa')).toBe('1234');
    expect(plateFourDigits('kl07ab5678')).toBe('5678');
    expect(maskedVehicleNumber('22bh1234aa')).toBe('** BH **** **');
  });
});

describe('a plate as a stranger sees it', () => {
  it('shows the state and office codes only, never the four digits the stranger proves being at the car with', () => {
    expect(maskedVehicleNumber('kl07ab1234')).toBe('KL 07 ** ****');
    expect(maskedVehicleNumber('KL 7 BQ 4521')).toBe('KL 07 ** ****');
    expect(maskedVehicleNumber('tn22z9876')).toBe('TN 22 ** ****');
  });
});

describe('Kerala plates with a one-digit office code', () => {
  it('reads "KL 7 BQ 4521" as KL 07 BQ 4521', () => {
    expect(normaliseVehicleNumber('KL 7 BQ 4521')).toBe('kl07bq4521');
    expect(normaliseVehicleNumber('kl7a1234')).toBe('kl07a1234');
    expect(isValidVehicleNumber('KL 7 BQ 4521')).toBe(true);
  });

  it('pads only Kerala codes and only before a series of letters', () => {
    expect(isValidVehicleNumber('TN 7 BQ 4521')).toBe(false);
    expect(normaliseVehicleNumber('kl71234567')).toBe('kl71234567');
  });
});
