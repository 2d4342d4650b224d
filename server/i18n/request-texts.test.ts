import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './request-texts';

describe('acceptedLanguages', () => {
  it('lists the languages of an Accept-Language header, most preferred first', () => {
    expect(acceptedLanguages('en;q=0.5, ml-IN, ml;q=0.9')).toEqual(['ml-IN', 'ml', 'en']);
  });

  it('keeps the order of equal preferences and leaves out the wildcard and refused languages', () => {
    expect(acceptedLanguages('ta, ml, *;q=0.1, en;q=0')).toEqual(['ta', 'ml']);
  });

  it('is empty without a header', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('reads regional tags, spaces and q=0 as a browser sends them', () => {
    expect(acceptedLanguages('ml-IN,ml;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['ml-IN', 'ml', 'en-US', 'en']);
    expect(acceptedLanguages('en;q=0.5, ml-IN, *;q=0.1')).toEqual(['ml-IN', 'en']);
    expect(acceptedLanguages('ml;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
