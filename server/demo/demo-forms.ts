/**
 * The demo forms and their three published revisions. Revision 2 and 3 change what field work
 * taught: a label reworded, a field added, a field dropped — so revision 1 and 3 of each form
 * differ, as the export's "one column per field across revisions" needs to show.
 */
import type { FormField } from '@model/forms/field-definition.ts';

type Extra = Partial<Omit<FormField, 'field_type' | 'field_name' | 'field_label'>>;

const field = (field_type: FormField['field_type'], field_name: string, field_label: string, extra: Extra = {}): FormField => ({
  field_type,
  field_name,
  field_label,
  ...extra,
});
const required = { validation: { required: true } };

export const text = (name: string, label: string, extra: Extra = {}) => field('text', name, label, extra);
export const number = (name: string, label: string, min: number, max: number, extra: Extra = {}) =>
  field('number', name, label, { ...extra, validation: { ...extra.validation, min, max } });
export const date = (name: string, label: string, extra: Extra = {}) => field('date', name, label, extra);
export const phone = (name: string, label: string) => field('phone', name, label);
export const image = (name: string, label: string) => field('image', name, label, { validation: { types: ['jpg', 'jpeg', 'png'] } });
export const signature = (name: string, label: string) => field('signature', name, label);
export const geo = (name: string, label: string) => field('geo-location', name, label);
export const beneficiaries = (name: string, label: string) => field('beneficiaries', name, label);
export const yesNo = (name: string, label: string, extra: Extra = {}) => field('boolean', name, label, extra);

function choice(type: 'dropdown' | 'radio' | 'checkbox', name: string, label: string, options: string[], extra: Extra = {}): FormField {
  const lines = options.map((o) => `${o.toLowerCase().replace(/[^a-z0-9]+/g, '_')}: ${o}`);
  const selects = Object.fromEntries(lines.map((l) => l.split(': ') as [string, string]));
  return field(type, name, label, { ...extra, extra_details: { option_choice: lines.join('\n'), selects } });
}
export const dropdown = (name: string, label: string, options: string[], extra: Extra = {}) =>
  choice('dropdown', name, label, options, extra);
export const radio = (name: string, label: string, options: string[], extra: Extra = {}) => choice('radio', name, label, options, extra);
export const checkbox = (name: string, label: string, options: string[], extra: Extra = {}) =>
  choice('checkbox', name, label, options, extra);

export function group(name: string, label: string, fields: FormField[], repeat: { min: number; max: number }): FormField {
  return field('field-group', name, label, {
    extra_details: { fields: numbered(fields) },
    validation: { is_repeater: true, min_repeater: repeat.min, max_repeater: repeat.max },
  });
}

/** Fields as the builder stores them: `order` follows the list. */
export function numbered(fields: FormField[]): FormField[] {
  return fields.map((f, i) => ({ ...f, order: i }));
}

/** What one revision changes from the one before. */
export interface Change {
  add?: Array<{ after: string | null; field: FormField }>;
  relabel?: Record<string, string>;
  drop?: string[];
}

export function revise(fields: FormField[], change: Change): FormField[] {
  let out = fields.filter((f) => !change.drop?.includes(f.field_name)).map((f) => ({ ...f }));
  for (const f of out) if (change.relabel?.[f.field_name]) f.field_label = change.relabel[f.field_name]!;
  for (const { after, field: added } of change.add ?? []) {
    const at = after === null ? 0 : out.findIndex((f) => f.field_name === after) + 1;
    out = [...out.slice(0, at), added, ...out.slice(at)];
  }
  return numbered(out);
}

export interface DemoForm {
  key: string;
  name: string;
  revisions: [FormField[], FormField[], FormField[]];
}

function form(key: string, name: string, first: FormField[], second: Change, third: Change): DemoForm {
  const r1 = numbered(first);
  const r2 = revise(r1, second);
  return { key, name, revisions: [r1, r2, revise(r2, third)] };
}

const SEX = ['Female', 'Male'];
const WATER = ['Borehole', 'Protected well', 'Piped water', 'River or stream', 'Rainwater tank'];
const MEMBERS = (label: string) =>
  group('members', label, [text('member_name', 'Name', required), number('member_age', 'Age', 0, 110), radio('member_sex', 'Sex', SEX)], {
    min: 0,
    max: 12,
  });

export const DEMO_FORMS: DemoForm[] = [
  form(
    'household',
    'Household Registration (demo)',
    [
      text('head_name', 'Head of household', required),
      radio('head_sex', 'Sex of household head', SEX, required),
      number('household_size', 'Household size', 1, 25, required),
      text('village', 'Village', required),
      dropdown('district', 'District', [
        'Kisumu',
        'Siaya',
        'Homa Bay',
        'Nakuru',
        'Uasin Gishu',
        'Kakamega',
        'Bungoma',
        'Gulu',
        'Lira',
        'Soroti',
        'Mbale',
        'Tororo',
        'Jinja',
      ]),
      dropdown('water_source', 'Main water source', WATER),
      date('registration_date', 'Registration date', required),
      geo('home_location', 'Home location'),
      image('house_photo', 'Photo of the house'),
      MEMBERS('Household members'),
      signature('consent_signature', 'Consent signature'),
    ],
    { relabel: { head_name: "Household head's full name" }, add: [{ after: 'head_sex', field: phone('head_phone', 'Phone number') }] },
    {
      drop: ['water_source'],
      relabel: { village: 'Village / cell' },
      add: [
        {
          after: 'household_size',
          field: dropdown('income_source', 'Main income source', [
            'Farming',
            'Casual labour',
            'Small business',
            'Fishing',
            'Salaried work',
          ]),
        },
      ],
    },
  ),
  form(
    'mother',
    'Mother Enrolment (demo)',
    [
      text('full_name', 'Full name', required),
      date('date_of_birth', 'Date of birth', required),
      number('pregnancies', 'Number of pregnancies', 1, 15),
      date('expected_delivery', 'Expected delivery date'),
      dropdown('health_facility', 'Health facility', [
        'Gulu Regional Referral',
        'Lacor Hospital',
        'Lira Health Centre IV',
        'Soroti Regional Referral',
        'Amuria Health Centre',
      ]),
      yesNo('hiv_tested', 'Tested for HIV'),
      geo('home_location', 'Home location'),
      signature('consent_signature', 'Consent signature'),
    ],
    { add: [{ after: 'full_name', field: phone('phone', 'Phone number') }] },
    {
      drop: ['hiv_tested'],
      relabel: { pregnancies: 'Pregnancies (including this one)' },
      add: [{ after: 'expected_delivery', field: number('anc_visits', 'Antenatal visits so far', 0, 12) }],
    },
  ),
  form(
    'farmer',
    'Farmer Profile (demo)',
    [
      text('full_name', 'Farmer name', required),
      radio('sex', 'Sex', SEX, required),
      number('farm_size', 'Farm size (acres)', 0, 200, required),
      checkbox('crops', 'Crops grown', ['Maize', 'Beans', 'Sorghum', 'Cassava', 'Sweet potato', 'Coffee', 'Tea']),
      text('village', 'Village', required),
      geo('farm_location', 'Farm location'),
      image('farmer_photo', 'Farmer photo'),
    ],
    { relabel: { farm_size: 'Land under cultivation (acres)' } },
    {
      drop: ['farmer_photo'],
      add: [
        { after: 'crops', field: number('livestock', 'Livestock (head)', 0, 500) },
        {
          after: 'village',
          field: group('plots', 'Plots', [text('plot_crop', 'Crop', required), number('plot_acres', 'Acres', 0, 100)], { min: 0, max: 6 }),
        },
      ],
    },
  ),
  form(
    'water-point',
    'Water Point Inspection (demo)',
    [
      text('point_name', 'Water point name', required),
      dropdown('point_kind', 'Kind of water point', WATER.slice(0, 3).concat(['Spring', 'Dam']), required),
      radio('functional', 'Functional', ['Yes', 'Partly', 'No'], required),
      number('users_per_day', 'Users per day', 0, 2000),
      geo('point_location', 'Location'),
      image('point_photo', 'Photo'),
      date('inspection_date', 'Inspection date', required),
    ],
    { add: [{ after: 'users_per_day', field: number('queue_minutes', 'Queue time (minutes)', 0, 240) }] },
    {
      relabel: { functional: 'Working on the day of inspection' },
      drop: ['users_per_day'],
      add: [{ after: 'point_photo', field: signature('caretaker_signature', 'Caretaker signature') }],
    },
  ),
  form(
    'school',
    'School Visit (demo)',
    [
      text('school_name', 'School name', required),
      number('pupils', 'Pupils enrolled', 0, 3000, required),
      number('pupils_present', 'Pupils present', 0, 3000),
      radio('meal_served', 'Meal served today', ['Yes', 'No'], required),
      text('head_teacher', 'Head teacher', required),
      geo('school_location', 'Location'),
    ],
    { add: [{ after: 'meal_served', field: dropdown('meal', 'Meal', ['Posho and beans', 'Porridge', 'Rice and beans', 'Githeri']) }] },
    {
      relabel: { pupils_present: 'Pupils present at the visit' },
      drop: ['head_teacher'],
      add: [{ after: 'school_location', field: signature('head_teacher_signature', 'Head teacher signature') }],
    },
  ),
  form(
    'meeting',
    'Community Meeting Report (demo)',
    [
      text('topic', 'Topic', required),
      date('meeting_date', 'Meeting date', required),
      text('venue', 'Venue', required),
      number('attendance', 'Attendance', 0, 1000, required),
      beneficiaries('attendees', 'Registered attendees'),
      text('notes', 'Notes'),
    ],
    { add: [{ after: 'notes', field: image('meeting_photo', 'Photo of the meeting') }] },
    {
      relabel: { attendance: 'Total attendance' },
      drop: ['venue'],
      add: [{ after: 'meeting_date', field: geo('meeting_location', 'Meeting location') }],
    },
  ),
  form(
    'training',
    'Training Session Report (demo)',
    [
      dropdown(
        'training_topic',
        'Training topic',
        ['Soil conservation', 'Post-harvest handling', 'Hygiene and sanitation', 'Nutrition', 'Savings groups'],
        required,
      ),
      date('session_date', 'Session date', required),
      number('men', 'Men attending', 0, 500),
      number('women', 'Women attending', 0, 500),
      beneficiaries('participants', 'Participants'),
      signature('trainer_signature', 'Trainer signature'),
    ],
    { relabel: { training_topic: 'Topic' } },
    { add: [{ after: 'women', field: number('youth', 'Youth attending (18–35)', 0, 500) }], drop: ['trainer_signature'] },
  ),
  form(
    'survey',
    'Household Survey (demo)',
    [
      text('respondent', 'Respondent', required),
      number('meals_per_day', 'Meals per day', 0, 6, required),
      dropdown('water_source', 'Main water source', WATER, required),
      number('water_minutes', 'Minutes to fetch water', 0, 300),
      yesNo('has_latrine', 'Has a latrine'),
      date('survey_date', 'Survey date', required),
      geo('survey_location', 'Location'),
    ],
    { add: [{ after: 'has_latrine', field: yesNo('handwashing', 'Handwashing station present') }] },
    {
      relabel: { meals_per_day: 'Meals eaten yesterday' },
      drop: ['water_minutes'],
      add: [{ after: 'survey_location', field: signature('respondent_signature', 'Respondent signature') }],
    },
  ),
  form(
    'referral',
    'Referral Case (demo)',
    [
      text('client_name', 'Client name', required),
      date('referral_date', 'Referral date', required),
      dropdown('reason', 'Reason for referral', ['Antenatal care', 'Malnutrition', 'Malaria', 'Gender-based violence', 'Other'], required),
      text('other_reason', 'Other reason', {
        validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'reason', show: 'is-equal-to', value: 'other' }] },
      }),
      dropdown('referred_to', 'Referred to', ['Health centre', 'District hospital', 'Police', 'Social worker'], required),
      radio('case_status', 'Status', ['Open', 'Closed']),
    ],
    { add: [{ after: 'referred_to', field: date('follow_up', 'Follow-up date') }] },
    {
      relabel: { client_name: "Client's full name" },
      drop: ['case_status'],
      add: [
        {
          after: 'follow_up',
          field: group('actions', 'Actions taken', [date('action_date', 'Date', required), text('action', 'Action', required)], {
            min: 0,
            max: 5,
          }),
        },
      ],
    },
  ),
];
