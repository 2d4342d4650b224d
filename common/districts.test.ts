import { describe, expect, it } from 'vitest';
import { DISTRICTS, DISTRICT_CITIES, citiesOf, isCityOf, isDistrict } from './districts';

describe('district table (SPEC §3)', () => {
  it('has 14 districts with 4 cities each', () => {
    expect(DISTRICTS).toHaveLength(14);
    expect(Object.values(DISTRICT_CITIES).every((cities) => cities.length === 4)).toBe(true);
  });

  it('maps Ernakulam to Kochi, Aluva, Angamaly, Perumbavoor', () => {
    expect(citiesOf('Ernakulam')).toEqual(['Kochi', 'Aluva', 'Angamaly', 'Perumbavoor']);
  });

  it('knows which city belongs to which district', () => {
    expect(isCityOf('Wayanad', 'Sultan Bathery')).toBe(true);
    expect(isCityOf('Wayanad', 'Kochi')).toBe(false);
    expect(isCityOf('Atlantis', 'Kochi')).toBe(false);
  });

  it('does not take inherited object keys for districts', () => {
    expect(isDistrict('toString')).toBe(false);
    expect(citiesOf('constructor')).toEqual([]);
  });
});
