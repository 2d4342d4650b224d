import { describe, expect, it } from 'vitest';
import { registerPayload } from './api';
import {
  DISTRICTS,
  DISTRICT_CITIES,
  OTHER_CITY,
  citiesOf,
  isCityOf,
  isDistrict,
  placeName,
} from './districts';

describe('district table (SPEC §3)', () => {
  it("has 14 districts, each with SPEC's four towns first, more after them, and Other last", () => {
    expect(DISTRICTS).toHaveLength(14);
    expect(Object.values(DISTRICT_CITIES).every((cities) => cities.length >= 6)).toBe(true);
    expect(citiesOf('Ernakulam').slice(0, 4)).toEqual(['Kochi', 'Aluva', 'Angamaly', 'Perumbavoor']);
    expect(citiesOf('Ernakulam')).toContain('Muvattupuzha');
    for (const district of DISTRICTS) expect(citiesOf(district).at(-1)).toBe(OTHER_CITY);
  });

  it('knows which city belongs to which district', () => {
    expect(isCityOf('Wayanad', 'Sultan Bathery')).toBe(true);
    expect(isCityOf('Wayanad', OTHER_CITY)).toBe(true);
    expect(isCityOf('Wayanad', 'Kochi')).toBe(false);
    expect(isCityOf('Atlantis', 'Kochi')).toBe(false);
    expect(isCityOf('Atlantis', OTHER_CITY)).toBe(false);
  });

  it('does not take inherited object keys for districts', () => {
    expect(isDistrict('toString')).toBe(false);
    expect(citiesOf('constructor')).toEqual([]);
  });

  it("takes Other and every listed town as a sign-up's city", () => {
    const base = {
      ...{ name: 'Anu', email: 'anu@example.in', phone: '9847012345', gender: 'Female' },
      ...{ dateOfBirth: '1990-04-12', country: 'India', state: 'Kerala' },
    };
    for (const location of DISTRICTS) {
      for (const city of citiesOf(location)) {
        expect(registerPayload.safeParse({ ...base, location, city }).success, `${location}/${city}`).toBe(
          true,
        );
      }
    }
  });
});

describe('place names in Malayalam', () => {
  it('writes every district, town and Other in Malayalam script, and keeps English as stored', () => {
    const names = [...DISTRICTS, ...DISTRICTS.flatMap((district) => citiesOf(district))];
    for (const name of names) {
      expect(placeName(name, 'ml'), name).toMatch(/^(?:[\u0D00-\u0D7F ]|\u200C|\u200D)+$/);
      expect(placeName(name, 'en')).toBe(name);
    }
    expect(placeName('Ernakulam', 'ml')).toBe('എറണാകുളം');
    expect(placeName('Kochi', 'ml')).toBe('കൊച്ചി');
  });

  it('shows a name it does not know (stored before the list grew) as it is', () => {
    expect(placeName('Atlantis', 'ml')).toBe('Atlantis');
    expect(placeName('constructor', 'ml')).toBe('constructor');
  });
});
