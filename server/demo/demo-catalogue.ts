/**
 * What the demo data set holds besides documents: people, type records and programs. Every
 * name the demo makes carries the marker " (demo)" (people: an e-mail at DEMO_EMAIL_DOMAIN), so
 * a later run finds them again and `--reset` removes exactly them.
 */
import type { DocumentModule } from '@model/documents/modules.ts';

export const DEMO_MARKER = ' (demo)';
export const DEMO_EMAIL_DOMAIN = 'demo.fieldbase.local';
/** Every demo user signs in with this (demo data only: say so wherever it is shown). */
export const DEMO_PASSWORD = 'Fieldbase demo 2026';

export interface DemoPerson {
  key: string;
  first_name: string;
  last_name: string;
  role: 'field-staff' | 'program-manager';
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { key: 'pm-wanjiru', first_name: 'Wanjiru', last_name: 'Kamau', role: 'program-manager' },
  { key: 'pm-okello', first_name: 'Daniel', last_name: 'Okello', role: 'program-manager' },
  { key: 'fs-achieng', first_name: 'Achieng', last_name: 'Odhiambo', role: 'field-staff' },
  { key: 'fs-kiprono', first_name: 'Kiprono', last_name: 'Cheruiyot', role: 'field-staff' },
  { key: 'fs-nakato', first_name: 'Nakato', last_name: 'Namukasa', role: 'field-staff' },
  { key: 'fs-opio', first_name: 'Moses', last_name: 'Opio', role: 'field-staff' },
  { key: 'fs-wafula', first_name: 'Brian', last_name: 'Wafula', role: 'field-staff' },
  { key: 'fs-apio', first_name: 'Harriet', last_name: 'Apio', role: 'field-staff' },
  { key: 'fs-mutua', first_name: 'Joyce', last_name: 'Mutua', role: 'field-staff' },
  { key: 'fs-mugisha', first_name: 'Isaac', last_name: 'Mugisha', role: 'field-staff' },
];

export const demoEmail = (p: DemoPerson) => `${p.first_name}.${p.last_name}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();

export interface DemoType {
  key: string;
  module: DocumentModule;
  name: string;
  plural_name: string;
  description: string;
  /** DEMO_FORMS key. */
  form: string;
}

export const DEMO_TYPES: DemoType[] = [
  {
    key: 'household',
    module: 'beneficiaries',
    name: 'Household',
    plural_name: 'Households',
    description: 'A household registered for support',
    form: 'household',
  },
  {
    key: 'mother',
    module: 'beneficiaries',
    name: 'Expectant mother',
    plural_name: 'Expectant mothers',
    description: 'A mother followed through pregnancy',
    form: 'mother',
  },
  { key: 'farmer', module: 'beneficiaries', name: 'Farmer', plural_name: 'Farmers', description: 'A smallholder farmer', form: 'farmer' },
  {
    key: 'water-point',
    module: 'locations',
    name: 'Water point',
    plural_name: 'Water points',
    description: 'A borehole, well, tap or spring',
    form: 'water-point',
  },
  {
    key: 'school',
    module: 'locations',
    name: 'School',
    plural_name: 'Schools',
    description: 'A primary school in the feeding programme',
    form: 'school',
  },
  {
    key: 'meeting',
    module: 'events',
    name: 'Community meeting',
    plural_name: 'Community meetings',
    description: 'A village or parish meeting',
    form: 'meeting',
  },
  {
    key: 'training',
    module: 'events',
    name: 'Training session',
    plural_name: 'Training sessions',
    description: 'A training held by field staff',
    form: 'training',
  },
  {
    key: 'survey',
    module: 'surveys',
    name: 'Household survey',
    plural_name: 'Household surveys',
    description: 'A quarterly household survey',
    form: 'survey',
  },
  {
    key: 'referral',
    module: 'cases',
    name: 'Referral',
    plural_name: 'Referrals',
    description: 'A client referred to a service',
    form: 'referral',
  },
].map((t) => ({ ...t, name: `${t.name}${DEMO_MARKER}`, module: t.module as DocumentModule }));

export interface DemoProgram {
  key: string;
  name: string;
  description: string;
  document_visible: 'ALL' | 'OWN';
  /** Town keys (demo-places.ts) its documents come from. */
  towns: string[];
  /** DEMO_TYPES keys by module, with how many of the program's documents each module gets. */
  modules: Partial<Record<DocumentModule, { types: string[]; weight: number }>>;
  /** Share of all documents. */
  weight: number;
  head: string;
  team: string[];
}

export const DEMO_PROGRAMS: DemoProgram[] = [
  {
    key: 'water',
    name: `Clean Water Access${DEMO_MARKER}`,
    description: 'Safe water points and household water use around Lake Victoria.',
    document_visible: 'ALL',
    towns: ['kisumu', 'siaya', 'homaBay'],
    modules: {
      beneficiaries: { types: ['household'], weight: 5 },
      locations: { types: ['water-point'], weight: 2 },
      surveys: { types: ['survey'], weight: 3 },
    },
    weight: 3,
    head: 'pm-wanjiru',
    team: ['fs-achieng', 'fs-kiprono', 'fs-wafula', 'fs-mutua'],
  },
  {
    key: 'maternal',
    name: `Maternal Health Outreach${DEMO_MARKER}`,
    description: 'Antenatal follow-up and referrals in northern Uganda.',
    document_visible: 'OWN',
    towns: ['gulu', 'lira', 'soroti'],
    modules: {
      beneficiaries: { types: ['mother'], weight: 5 },
      events: { types: ['meeting'], weight: 1 },
      cases: { types: ['referral'], weight: 2 },
    },
    weight: 2,
    head: 'pm-okello',
    team: ['fs-nakato', 'fs-opio', 'fs-apio'],
  },
  {
    key: 'farmers',
    name: `Smallholder Farmer Support${DEMO_MARKER}`,
    description: 'Extension services and market access for smallholder farmers in western Kenya.',
    document_visible: 'ALL',
    towns: ['nakuru', 'eldoret', 'kakamega', 'bungoma'],
    modules: {
      beneficiaries: { types: ['farmer', 'household'], weight: 5 },
      locations: { types: ['water-point'], weight: 1 },
      events: { types: ['training', 'meeting'], weight: 2 },
      surveys: { types: ['survey'], weight: 2 },
      cases: { types: ['referral'], weight: 1 },
    },
    weight: 4,
    head: 'pm-wanjiru',
    team: ['fs-kiprono', 'fs-wafula', 'fs-mutua', 'fs-achieng', 'fs-mugisha'],
  },
  {
    key: 'schools',
    name: `School Feeding${DEMO_MARKER}`,
    description: 'School meals and attendance in eastern Uganda.',
    document_visible: 'OWN',
    towns: ['mbale', 'tororo', 'jinja'],
    modules: {
      locations: { types: ['school'], weight: 4 },
      events: { types: ['training'], weight: 1 },
      surveys: { types: ['survey'], weight: 2 },
    },
    weight: 1,
    head: 'pm-okello',
    team: ['fs-mugisha', 'fs-apio', 'fs-nakato'],
  },
];
