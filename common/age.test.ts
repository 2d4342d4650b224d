import { describe, expect, it } from 'vitest';
import { isAdult, latestAdultDateOfBirth } from './age';

describe('isAdult', () => {
  const now = new Date('2026-11-21T09:00:00Z');

  it('counts someone whose 18th birthday is today as an adult', () => {
    expect(isAdult('2008-11-21', now)).toBe(true);
  });

  it('refuses someone whose 18th birthday is tomorrow', () => {
    expect(isAdult('2008-11-22', now)).toBe(false);
  });

  it('refuses a child', () => {
    expect(isAdult('2016-01-01', now)).toBe(false);
  });

  it('uses the date in India: at 19:00 UTC it is already the next day there', () => {
    expect(isAdult('2008-11-22', new Date('2026-11-21T19:00:00Z'))).toBe(true);
  });

  it('lets one born on 29 February come of age on 1 March', () => {
    expect(isAdult('2008-02-29', new Date('2026-02-28T06:00:00Z'))).toBe(false);
    expect(isAdult('2008-02-29', new Date('2026-03-01T06:00:00Z'))).toBe(true);
  });
});

describe('latestAdultDateOfBirth', () => {
  it('is 18 years before today in India', () => {
    expect(latestAdultDateOfBirth(new Date('2026-11-21T09:00:00Z'))).toBe('2008-11-21');
    // 19:00 UTC is past midnight in India: it is the 22nd there.
    expect(latestAdultDateOfBirth(new Date('2026-11-21T19:00:00Z'))).toBe('2008-11-22');
  });

  it('is 28 February on a 29 February', () => {
    expect(latestAdultDateOfBirth(new Date('2028-02-29T06:00:00Z'))).toBe('2010-02-28');
  });
});
