/** SPEC §3: the 14 districts of Kerala with four cities each. */
export const DISTRICT_CITIES = {
  Kasaragod: ['Kasaragod', 'Nileshwar', 'Kanhangad', 'Cheruvathur'],
  Kannur: ['Kannur', 'Thalassery', 'Payyanur', 'Mattanur'],
  Wayanad: ['Kalpetta', 'Sultan Bathery', 'Mananthavady', 'Meenangadi'],
  Kozhikode: ['Kozhikode', 'Vadakara', 'Koyilandy', 'Ramanattukara'],
  Malappuram: ['Malappuram', 'Manjeri', 'Tirur', 'Ponnani'],
  Palakkad: ['Palakkad', 'Ottapalam', 'Shornur', 'Chittur'],
  Thrissur: ['Thrissur', 'Chalakudy', 'Kunnamkulam', 'Irinjalakuda'],
  Ernakulam: ['Kochi', 'Aluva', 'Angamaly', 'Perumbavoor'],
  Idukki: ['Painavu', 'Thodupuzha', 'Munnar', 'Adimali'],
  Kottayam: ['Kottayam', 'Pala', 'Changanassery', 'Vaikom'],
  Alappuzha: ['Alappuzha', 'Chengannur', 'Kayamkulam', 'Haripad'],
  Pathanamthitta: ['Pathanamthitta', 'Thiruvalla', 'Adoor', 'Ranni'],
  Kollam: ['Kollam', 'Karunagappally', 'Punalur', 'Kottarakkara'],
  Thiruvananthapuram: ['Thiruvananthapuram', 'Neyyattinkara', 'Attingal', 'Varkala'],
} as const satisfies Record<string, readonly [string, string, string, string]>;

export type District = keyof typeof DISTRICT_CITIES;

export const DISTRICTS = Object.keys(DISTRICT_CITIES) as District[];

export const COUNTRY = 'India';
export const STATE = 'Kerala';

export function isDistrict(value: string): value is District {
  return Object.hasOwn(DISTRICT_CITIES, value);
}

export function citiesOf(district: string): readonly string[] {
  return isDistrict(district) ? DISTRICT_CITIES[district] : [];
}

export function isCityOf(district: string, city: string): boolean {
  return citiesOf(district).includes(city);
}
