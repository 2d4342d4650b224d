import { useEffect, useState } from 'react';
import { citiesOf } from '#common/districts';

/** SPEC §9: the city list appears this long after a district is chosen. */
const CITY_LOAD_DELAY_MS = 300;

interface CityOptions {
  cities: readonly string[];
  loading: boolean;
}

/** SPEC §2: a district's cities, loaded after a short delay each time the district changes. */
export function useCityOptions(district: string): CityOptions {
  const [loaded, setLoaded] = useState<{ district: string; cities: readonly string[] }>({
    district: '',
    cities: [],
  });

  useEffect(() => {
    if (district === '') return;
    const timer = setTimeout(() => setLoaded({ district, cities: citiesOf(district) }), CITY_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [district]);

  if (district === '') return { cities: [], loading: false };
  if (loaded.district !== district) return { cities: [], loading: true };
  return { cities: loaded.cities, loading: false };
}
