import { describe, expect, it } from 'vitest';
import { CLOCK_TIME, inQuietHours, istMinutes } from './quiet-hours';

/** A moment given as India's wall-clock time on an arbitrary day. */
const atIst = (time: string) => new Date(`2026-11-21T${time}:00+05:30`);

describe('istMinutes', () => {
  it('reads the time of day in India, five and a half hours ahead of UTC', () => {
    expect(istMinutes(new Date('2026-11-21T20:00:00Z'))).toBe(90);
  });
});

describe('inQuietHours', () => {
  const night = { start: '22:00', end: '07:00' };
  const afternoon = { start: '13:00', end: '15:30' };

  it('is never quiet without quiet hours', () => {
    expect(inQuietHours(null, atIst('03:00'))).toBe(false);
  });

  it.each([
    ['22:00', true],
    ['23:59', true],
    ['03:00', true],
    ['06:59', true],
    ['07:00', false],
    ['12:00', false],
    ['21:59', false],
  ])('a window past midnight (22:00 to 07:00) at %s IST: %s', (time, quiet) => {
    expect(inQuietHours(night, atIst(time))).toBe(quiet);
  });

  it.each([
    ['12:59', false],
    ['13:00', true],
    ['15:29', true],
    ['15:30', false],
  ])('a window within one day (13:00 to 15:30) at %s IST: %s', (time, quiet) => {
    expect(inQuietHours(afternoon, atIst(time))).toBe(quiet);
  });
});

describe('CLOCK_TIME', () => {
  it.each(['00:00', '07:05', '23:59'])('accepts %s', (time) => {
    expect(CLOCK_TIME.test(time)).toBe(true);
  });

  it.each(['24:00', '7:00', '07:60', '0700', '07:00 '])('refuses %s', (time) => {
    expect(CLOCK_TIME.test(time)).toBe(false);
  });
});
