import type { Language } from './languages';

/**
 * The 14 districts of Kerala with their main towns: SPEC §3's four first, then more, so that most
 * people find their own; a town not listed is chosen as `OTHER_CITY`. Stored and sent in English.
 */
export const DISTRICT_CITIES = {
  Kasaragod: ['Kasaragod', 'Nileshwar', 'Kanhangad', 'Cheruvathur', 'Manjeshwar', 'Uppala', 'Trikaripur'],
  Kannur: ['Kannur', 'Thalassery', 'Payyanur', 'Mattanur', 'Taliparamba', 'Iritty', 'Kuthuparamba'],
  Wayanad: ['Kalpetta', 'Sultan Bathery', 'Mananthavady', 'Meenangadi', 'Vythiri', 'Pulpally'],
  Kozhikode: [
    ...['Kozhikode', 'Vadakara', 'Koyilandy', 'Ramanattukara'],
    ...['Feroke', 'Mukkam', 'Thamarassery', 'Perambra'],
  ],
  Malappuram: [
    ...['Malappuram', 'Manjeri', 'Tirur', 'Ponnani'],
    ...['Perinthalmanna', 'Kottakkal', 'Nilambur', 'Tirurangadi'],
  ],
  Palakkad: [
    ...['Palakkad', 'Ottapalam', 'Shornur', 'Chittur'],
    ...['Mannarkkad', 'Pattambi', 'Alathur', 'Cherpulassery'],
  ],
  Thrissur: [
    ...['Thrissur', 'Chalakudy', 'Kunnamkulam', 'Irinjalakuda'],
    ...['Guruvayur', 'Kodungallur', 'Wadakkanchery', 'Chavakkad'],
  ],
  Ernakulam: [
    ...['Kochi', 'Aluva', 'Angamaly', 'Perumbavoor'],
    ...['Muvattupuzha', 'Kothamangalam', 'Tripunithura', 'Kalamassery', 'North Paravur', 'Kakkanad'],
  ],
  Idukki: ['Painavu', 'Thodupuzha', 'Munnar', 'Adimali', 'Kattappana', 'Nedumkandam', 'Kumily'],
  Kottayam: ['Kottayam', 'Pala', 'Changanassery', 'Vaikom', 'Ettumanoor', 'Kanjirappally', 'Erattupetta'],
  Alappuzha: ['Alappuzha', 'Chengannur', 'Kayamkulam', 'Haripad', 'Cherthala', 'Mavelikkara', 'Ambalappuzha'],
  Pathanamthitta: ['Pathanamthitta', 'Thiruvalla', 'Adoor', 'Ranni', 'Pandalam', 'Kozhencherry', 'Konni'],
  Kollam: [
    ...['Kollam', 'Karunagappally', 'Punalur', 'Kottarakkara'],
    ...['Paravur', 'Chavara', 'Anchal', 'Kundara'],
  ],
  Thiruvananthapuram: [
    ...['Thiruvananthapuram', 'Neyyattinkara', 'Attingal', 'Varkala'],
    ...['Nedumangad', 'Kazhakkoottam', 'Kattakada', 'Balaramapuram'],
  ],
} as const satisfies Record<string, readonly string[]>;

export type District = keyof typeof DISTRICT_CITIES;

export const DISTRICTS = Object.keys(DISTRICT_CITIES) as District[];

/** The last choice of every district's towns: a town not listed (stored as it is, in English). */
export const OTHER_CITY = 'Other';

export const COUNTRY = 'India';
export const STATE = 'Kerala';

/** Each district and town as Malayalam writes it; the stored English names stay the keys. */
const MALAYALAM_NAMES: Record<string, string> = {
  Kasaragod: 'കാസർഗോഡ്',
  Nileshwar: 'നീലേശ്വരം',
  Kanhangad: 'കാഞ്ഞങ്ങാട്',
  Cheruvathur: 'ചെറുവത്തൂർ',
  Manjeshwar: 'മഞ്ചേശ്വരം',
  Uppala: 'ഉപ്പള',
  Trikaripur: 'തൃക്കരിപ്പൂർ',
  Kannur: 'കണ്ണൂർ',
  Thalassery: 'തലശ്ശേരി',
  Payyanur: 'പയ്യന്നൂർ',
  Mattanur: 'മട്ടന്നൂർ',
  Taliparamba: 'തളിപ്പറമ്പ്',
  Iritty: 'ഇരിട്ടി',
  Kuthuparamba: 'കൂത്തുപറമ്പ്',
  Wayanad: 'വയനാട്',
  Kalpetta: 'കൽപ്പറ്റ',
  'Sultan Bathery': 'സുൽത്താൻ ബത്തേരി',
  Mananthavady: 'മാനന്തവാടി',
  Meenangadi: 'മീനങ്ങാടി',
  Vythiri: 'വൈത്തിരി',
  Pulpally: 'പുൽപ്പള്ളി',
  Kozhikode: 'കോഴിക്കോട്',
  Vadakara: 'വടകര',
  Koyilandy: 'കൊയിലാണ്ടി',
  Ramanattukara: 'രാമനാട്ടുകര',
  Feroke: 'ഫറോക്ക്',
  Mukkam: 'മുക്കം',
  Thamarassery: 'താമരശ്ശേരി',
  Perambra: 'പേരാമ്പ്ര',
  Malappuram: 'മലപ്പുറം',
  Manjeri: 'മഞ്ചേരി',
  Tirur: 'തിരൂർ',
  Ponnani: 'പൊന്നാനി',
  Perinthalmanna: 'പെരിന്തൽമണ്ണ',
  Kottakkal: 'കോട്ടക്കൽ',
  Nilambur: 'നിലമ്പൂർ',
  Tirurangadi: 'തിരൂരങ്ങാടി',
  Palakkad: 'പാലക്കാട്',
  Ottapalam: 'ഒറ്റപ്പാലം',
  Shornur: 'ഷൊർണൂർ',
  Chittur: 'ചിറ്റൂർ',
  Mannarkkad: 'മണ്ണാർക്കാട്',
  Pattambi: 'പട്ടാമ്പി',
  Alathur: 'ആലത്തൂർ',
  Cherpulassery: 'ചെർപ്പുളശ്ശേരി',
  Thrissur: 'തൃശ്ശൂർ',
  Chalakudy: 'ചാലക്കുടി',
  Kunnamkulam: 'കുന്നംകുളം',
  Irinjalakuda: 'ഇരിങ്ങാലക്കുട',
  Guruvayur: 'ഗുരുവായൂർ',
  Kodungallur: 'കൊടുങ്ങല്ലൂർ',
  Wadakkanchery: 'വടക്കാഞ്ചേരി',
  Chavakkad: 'ചാവക്കാട്',
  Ernakulam: 'എറണാകുളം',
  Kochi: 'കൊച്ചി',
  Aluva: 'ആലുവ',
  Angamaly: 'അങ്കമാലി',
  Perumbavoor: 'പെരുമ്പാവൂർ',
  Muvattupuzha: 'മൂവാറ്റുപുഴ',
  Kothamangalam: 'കോതമംഗലം',
  Tripunithura: 'തൃപ്പൂണിത്തുറ',
  Kalamassery: 'കളമശ്ശേരി',
  'North Paravur': 'നോർത്ത് പറവൂർ',
  Kakkanad: 'കാക്കനാട്',
  Idukki: 'ഇടുക്കി',
  Painavu: 'പൈനാവ്',
  Thodupuzha: 'തൊടുപുഴ',
  Munnar: 'മൂന്നാർ',
  Adimali: 'അടിമാലി',
  Kattappana: 'കട്ടപ്പന',
  Nedumkandam: 'നെടുങ്കണ്ടം',
  Kumily: 'കുമളി',
  Kottayam: 'കോട്ടയം',
  Pala: 'പാലാ',
  Changanassery: 'ചങ്ങനാശ്ശേരി',
  Vaikom: 'വൈക്കം',
  Ettumanoor: 'ഏറ്റുമാനൂർ',
  Kanjirappally: 'കാഞ്ഞിരപ്പള്ളി',
  Erattupetta: 'ഈരാറ്റുപേട്ട',
  Alappuzha: 'ആലപ്പുഴ',
  Chengannur: 'ചെങ്ങന്നൂർ',
  Kayamkulam: 'കായംകുളം',
  Haripad: 'ഹരിപ്പാട്',
  Cherthala: 'ചേർത്തല',
  Mavelikkara: 'മാവേലിക്കര',
  Ambalappuzha: 'അമ്പലപ്പുഴ',
  Pathanamthitta: 'പത്തനംതിട്ട',
  Thiruvalla: 'തിരുവല്ല',
  Adoor: 'അടൂർ',
  Ranni: 'റാന്നി',
  Pandalam: 'പന്തളം',
  Kozhencherry: 'കോഴഞ്ചേരി',
  Konni: 'കോന്നി',
  Kollam: 'കൊല്ലം',
  Karunagappally: 'കരുനാഗപ്പള്ളി',
  Punalur: 'പുനലൂർ',
  Kottarakkara: 'കൊട്ടാരക്കര',
  Paravur: 'പരവൂർ',
  Chavara: 'ചവറ',
  Anchal: 'അഞ്ചൽ',
  Kundara: 'കുണ്ടറ',
  Thiruvananthapuram: 'തിരുവനന്തപുരം',
  Neyyattinkara: 'നെയ്യാറ്റിൻകര',
  Attingal: 'ആറ്റിങ്ങൽ',
  Varkala: 'വർക്കല',
  Nedumangad: 'നെടുമങ്ങാട്',
  Kazhakkoottam: 'കഴക്കൂട്ടം',
  Kattakada: 'കാട്ടാക്കട',
  Balaramapuram: 'ബാലരാമപുരം',
  [OTHER_CITY]: 'മറ്റൊരു സ്ഥലം',
};

export function isDistrict(value: string): value is District {
  return Object.hasOwn(DISTRICT_CITIES, value);
}

/** A district's towns to choose from, `OTHER_CITY` last; none for what is not a district. */
export function citiesOf(district: string): readonly string[] {
  return isDistrict(district) ? [...DISTRICT_CITIES[district], OTHER_CITY] : [];
}

export function isCityOf(district: string, city: string): boolean {
  return citiesOf(district).includes(city);
}

/** A district or town (or `OTHER_CITY`) as `language` writes it; a name it does not know, as stored. */
export function placeName(name: string, language: Language): string {
  if (language === 'en' || !Object.hasOwn(MALAYALAM_NAMES, name)) return name;
  return MALAYALAM_NAMES[name] ?? name;
}
