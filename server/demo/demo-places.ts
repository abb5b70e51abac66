/** Names and places the demo documents are filled with: Kenyan and Ugandan towns, their wards and villages. */

export interface Town {
  town: string;
  district: string;
  country: 'Kenya' | 'Uganda';
  lat: number;
  lng: number;
  villages: string[];
}

export const TOWNS: Record<string, Town> = {
  kisumu: { town: 'Kisumu', district: 'Kisumu', country: 'Kenya', lat: -0.0917, lng: 34.768, villages: ['Nyalenda', 'Manyatta', 'Obunga', 'Kondele'] },
  siaya: { town: 'Siaya', district: 'Siaya', country: 'Kenya', lat: 0.0607, lng: 34.2881, villages: ['Karemo', 'Alego', 'Boro', 'Ugunja'] },
  homaBay: { town: 'Homa Bay', district: 'Homa Bay', country: 'Kenya', lat: -0.5273, lng: 34.4571, villages: ['Rangwe', 'Kendu Bay', 'Mbita', 'Oyugis'] },
  nakuru: { town: 'Nakuru', district: 'Nakuru', country: 'Kenya', lat: -0.3031, lng: 36.08, villages: ['Njoro', 'Bahati', 'Subukia', 'Rongai'] },
  eldoret: { town: 'Eldoret', district: 'Uasin Gishu', country: 'Kenya', lat: 0.5143, lng: 35.2698, villages: ['Kapseret', 'Moiben', 'Turbo', 'Soy'] },
  kakamega: { town: 'Kakamega', district: 'Kakamega', country: 'Kenya', lat: 0.2827, lng: 34.7519, villages: ['Lurambi', 'Shinyalu', 'Malava', 'Mumias'] },
  bungoma: { town: 'Bungoma', district: 'Bungoma', country: 'Kenya', lat: 0.5635, lng: 34.5606, villages: ['Kanduyi', 'Webuye', 'Kimilili', 'Sirisia'] },
  gulu: { town: 'Gulu', district: 'Gulu', country: 'Uganda', lat: 2.7724, lng: 32.2881, villages: ['Layibi', 'Bardege', 'Pece', 'Laroo'] },
  lira: { town: 'Lira', district: 'Lira', country: 'Uganda', lat: 2.2499, lng: 32.8999, villages: ['Adyel', 'Ojwina', 'Railways', 'Agali'] },
  soroti: { town: 'Soroti', district: 'Soroti', country: 'Uganda', lat: 1.7146, lng: 33.6111, villages: ['Arapai', 'Gweri', 'Tubur', 'Kamuda'] },
  mbale: { town: 'Mbale', district: 'Mbale', country: 'Uganda', lat: 1.0827, lng: 34.175, villages: ['Nakaloke', 'Namabasa', 'Bungokho', 'Busiu'] },
  tororo: { town: 'Tororo', district: 'Tororo', country: 'Uganda', lat: 0.6928, lng: 34.1809, villages: ['Mukuju', 'Molo', 'Kwapa', 'Nagongera'] },
  jinja: { town: 'Jinja', district: 'Jinja', country: 'Uganda', lat: 0.4244, lng: 33.2042, villages: ['Bugembe', 'Budondo', 'Mpumudde', 'Walukuba'] },
};

export const FIRST_NAMES = {
  female: ['Achieng', 'Akinyi', 'Atieno', 'Wanjiru', 'Njeri', 'Amina', 'Nakato', 'Nabirye', 'Apio', 'Auma', 'Grace', 'Mercy', 'Faith', 'Esther', 'Joyce', 'Sarah', 'Winnie', 'Harriet', 'Lydia', 'Rehema'],
  male: ['Otieno', 'Ochieng', 'Kiprono', 'Kamau', 'Mwangi', 'Okello', 'Opio', 'Mugisha', 'Wafula', 'Juma', 'Brian', 'Kevin', 'Peter', 'Moses', 'Daniel', 'Joseph', 'Samuel', 'Isaac', 'Denis', 'Ronald'],
};

export const LAST_NAMES = [
  'Odhiambo', 'Onyango', 'Ouma', 'Wanjiku', 'Kamau', 'Njoroge', 'Kiprotich', 'Cheruiyot', 'Wafula', 'Barasa', 'Okello', 'Ocen', 'Namukasa',
  'Tumusiime', 'Byaruhanga', 'Ssempala', 'Kato', 'Akello', 'Mutua', 'Kilonzo', 'Were', 'Owino', 'Nabwire', 'Kisakye',
];

export const NOTES = [
  'Visited in the morning; the family was available.',
  'Follow-up needed next month.',
  'Road access difficult after the rains.',
  'Community leader present during the visit.',
  'All members present and consented.',
  'Borehole pump repaired last week.',
  'Household moved within the same village.',
  'Translator helped with the interview (Dholuo).',
  'Translator helped with the interview (Luganda).',
  'No issues reported.',
];
