// @vitest-environment node
/**
 * Every field type compiles to a schema that accepts what a field worker would enter and refuses
 * what the type rules out, with the spec's type defaults (text ≤ 10000, phone 10 digits, image
 * jpg/png/jpeg, field-group 0 to 1 items).
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from '@model/forms/compile-form';
import { OFFERED_FIELD_TYPES, HANDLED_FIELD_TYPES, type FieldType, type FormField } from '@model/forms/field-definition';
import { parseOptionChoice, selectsFromOptionChoice } from '@model/forms/options';
import { withTypeDefaults } from '@model/forms/type-defaults';
import { formValidator } from './support/form-ajv';

const field = (field_type: FieldType, extra: Partial<FormField> = {}): FormField => ({
  field_label: 'Answer',
  field_name: 'answer',
  field_type,
  ...extra,
});
const required = (f: FormField): FormField => ({ ...f, validation: { ...f.validation, required: true } });

/** For each type: answers a worker might give that are valid, and ones that are not. */
const CASES: Record<FieldType, { field?: Partial<FormField>; good: unknown[]; bad: unknown[] }> = {
  heading: { good: [], bad: [] },
  separator: { good: [], bad: [] },
  text: { good: ['Kisumu', 'x'.repeat(10000)], bad: ['x'.repeat(10001), 5] },
  'text-area': { field: { validation: { min: 3, max: 5 } }, good: ['abc', 'abcde'], bad: ['ab', 'abcdef'] },
  number: { field: { validation: { min: 1, max: 10 } }, good: [1, 10, 5.5], bad: [0, 11, '5'] },
  boolean: { good: [true, false], bad: ['true', 1] },
  email: { good: ['a@example.org'], bad: ['not an address'] },
  phone: { good: ['0712345678'], bad: ['071234567', '07123456789', '07123456a8'] },
  password: { field: { validation: { min: 8 } }, good: ['longenough'], bad: ['short'] },
  barcode: { good: ['5012345678900'], bad: [42] },
  signature: { good: ['data:image/png;base64,AAAA'], bad: [7] },
  dropdown: { field: { extra_details: { option_choice: 'ksm: Kisumu\nnbi: Nairobi' } }, good: ['ksm', 'nbi'], bad: ['Kisumu', 'mbs'] },
  radio: { field: { extra_details: { option_choice: 'yes\nno' } }, good: ['yes', 'no'], bad: ['maybe'] },
  checkbox: { field: { extra_details: { option_choice: 'a: A\nb: B' } }, good: [['a'], ['a', 'b']], bad: [['c'], ['a', 'a'], 'a'] },
  'multiple-select': { field: { extra_details: { option_choice: 'a: A\nb: B' } }, good: [['b']], bad: [['z']] },
  date: { good: ['2026-11-26'], bad: ['26/11/2026'] },
  'date-time': { good: ['2026-11-26T10:30:00Z'], bad: ['2026-11-26 10:30'] },
  file: { field: { validation: { types: ['pdf'] } }, good: ['uploads/report.PDF'], bad: ['uploads/report.exe'] },
  files: { field: { validation: { types: ['pdf'] } }, good: [['a.pdf', 'b.pdf']], bad: [['a.pdf', 'b.doc']] },
  image: { good: ['photos/a.jpg', 'b.PNG', 'c.jpeg'], bad: ['d.gif', 'e.jpg.exe'] },
  gallery: { good: [['a.jpg', 'b.png']], bad: [['a.gif']] },
  url: { good: ['https://example.org/x'], bad: ['not a url'] },
  'field-group': {
    field: { extra_details: { fields: [{ field_label: 'Child', field_name: 'child', field_type: 'text' }] } },
    good: [[{ child: 'Amina' }]],
    bad: [[{ child: 'Amina' }, { child: 'Baraka' }], [{ child: 3 }]],
  },
  'user-selection': { good: ['user-id-1'], bad: [['user-id-1']] },
  address: { good: ['12 Oginga Odinga St'], bad: [{}] },
  'geo-location': { good: [{ lat: -0.1, lng: 34.75 }], bad: [{ lat: 91, lng: 0 }, { lat: 1 }] },
  'geo-trace': {
    good: [
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
      ],
    ],
    bad: [[{ lat: 0 }]],
  },
  'current-user': { good: ['user-id-1'], bad: [1] },
  locations: { good: [['loc-1', 'loc-2']], bad: [['loc-1', 'loc-1'], 'loc-1'] },
  beneficiaries: { good: [['ben-1']], bad: [[1]] },
  cases: { good: [['case-1']], bad: [['']] },
  'bracket-replace': { good: ['Hello [name]'], bad: [3] },
};

describe('every field type', () => {
  it('the table covers every offered and handled type', () => {
    expect(Object.keys(CASES).sort()).toEqual([...OFFERED_FIELD_TYPES, ...HANDLED_FIELD_TYPES].sort());
  });

  for (const [type, c] of Object.entries(CASES) as [FieldType, (typeof CASES)[FieldType]][]) {
    if (type === 'heading' || type === 'separator') continue;
    it(`${type}: accepts what the type allows, refuses the rest`, () => {
      const form = formValidator([field(type, c.field)]);
      for (const answer of c.good) expect(form.valid({ answer }), `${JSON.stringify(answer)} is valid`).toBe(true);
      for (const answer of c.bad) expect(form.valid({ answer }), `${JSON.stringify(answer)} is refused`).toBe(false);
      // An optional field may be left out or cleared.
      expect(form.valid({})).toBe(true);
      expect(form.valid({ answer: null })).toBe(true);
    });
  }

  it.each(['heading', 'separator'] as const)('%s shows text and asks no answer', (type) => {
    const { schema, uiSchema } = compileForm([field(type, { field_name: 'title' }), field('text')]);
    expect(Object.keys(schema.properties as object)).toEqual(['answer']);
    expect(uiSchema['ui:order']).toEqual(['answer', '*']);
  });

  it('a required field refuses a document without it, or with it empty', () => {
    for (const type of ['text', 'number', 'dropdown', 'checkbox', 'geo-location', 'locations', 'image'] as const) {
      const form = formValidator([required(field(type, { extra_details: { option_choice: 'a' } }))]);
      expect(form.valid({}), type).toBe(false);
      expect(form.valid({ answer: null }), type).toBe(false);
      expect(form.valid({ answer: type === 'number' ? null : type === 'checkbox' || type === 'locations' ? [] : '' }), type).toBe(false);
    }
    expect(compileForm([required(field('text'))]).schema.required).toEqual(['answer']);
  });

  it('no text in an answer, of any type, is longer than 10,000 characters (spec 2 §9)', () => {
    const long = (n: number, end = '') => 'x'.repeat(n - end.length) + end;
    const list = { url: 'view-list-id' };
    const cases: Array<[FieldType, Partial<FormField>, (n: number) => unknown]> = [
      ['text', {}, (n) => long(n)],
      ['text-area', {}, (n) => long(n)],
      ['password', {}, (n) => long(n)],
      ['barcode', {}, (n) => long(n)],
      ['signature', {}, (n) => long(n)],
      ['address', {}, (n) => long(n)],
      ['user-selection', {}, (n) => long(n)],
      ['current-user', {}, (n) => long(n)],
      ['bracket-replace', {}, (n) => long(n)],
      ['dropdown', list, (n) => long(n)],
      ['radio', list, (n) => long(n)],
      ['checkbox', list, (n) => [long(n)]],
      ['multiple-select', list, (n) => [long(n)]],
      ['image', {}, (n) => long(n, '.jpg')],
      ['file', {}, (n) => long(n, '.pdf')],
      ['gallery', {}, (n) => [long(n, '.png')]],
      ['files', {}, (n) => [long(n, '.pdf')]],
      ['locations', {}, (n) => [long(n)]],
      ['beneficiaries', {}, (n) => [long(n)]],
      ['cases', {}, (n) => [long(n)]],
    ];
    for (const [type, extra, answerOf] of cases) {
      const form = formValidator([field(type, extra)]);
      expect(form.valid({ answer: answerOf(10_000) }), `${type}: 10,000 characters`).toBe(true);
      expect(form.valid({ answer: answerOf(10_001) }), `${type}: 10,001 characters`).toBe(false);
    }
    // Inside a field group's items too.
    const group = formValidator([field('field-group', { extra_details: { fields: [field('text-area', { field_name: 'notes' })] } })]);
    expect(group.valid({ answer: [{ notes: long(10_000) }] })).toBe(true);
    expect(group.valid({ answer: [{ notes: long(10_001) }] })).toBe(false);
  });

  it("a text field's own smaller max stays; a larger one is capped at 10,000", () => {
    const own = formValidator([field('text-area', { validation: { max: 50 } })]);
    expect(own.valid({ answer: 'x'.repeat(50) })).toBe(true);
    expect(own.valid({ answer: 'x'.repeat(51) })).toBe(false);
    for (const max of [20_000, '900000']) {
      const capped = compileForm([field('text', { validation: { max } })]).schema.properties as Record<string, { maxLength: number }>;
      expect(capped.answer.maxLength, String(max)).toBe(10_000);
    }
  });

  it('a phone of 9 digits is refused, 10 digits accepted (type default), and a set length wins', () => {
    const phone = formValidator([field('phone')]);
    expect(phone.valid({ answer: '071234567' })).toBe(false);
    expect(phone.valid({ answer: '0712345678' })).toBe(true);
    const short = formValidator([field('phone', { validation: { min: 4, max: 6 } })]);
    expect(short.valid({ answer: '1234' })).toBe(true);
    expect(short.valid({ answer: '0712345678' })).toBe(false);
  });

  it('a field group repeats between min_repeater and max_repeater items when it is a repeater', () => {
    const sub: FormField[] = [
      { field_label: 'Name', field_name: 'name', field_type: 'text', validation: { required: true } },
      { field_label: 'Age', field_name: 'age', field_type: 'number' },
    ];
    const group = formValidator([
      field('field-group', { extra_details: { fields: sub }, validation: { is_repeater: true, min_repeater: 2, max_repeater: 3 } }),
    ]);
    const child = (name: string) => ({ name, age: 4 });
    expect(group.valid({ answer: [child('a')] })).toBe(false);
    expect(group.valid({ answer: [child('a'), child('b')] })).toBe(true);
    expect(group.valid({ answer: [child('a'), child('b'), child('c')] })).toBe(true);
    expect(group.valid({ answer: [child('a'), child('b'), child('c'), child('d')] })).toBe(false);
    // A sub-field's own required rule applies inside every item.
    expect(group.valid({ answer: [child('a'), { age: 4 }] })).toBe(false);
    const ui = compileForm([field('field-group', { extra_details: { fields: sub } })]).uiSchema.answer as {
      items: Record<string, unknown>;
    };
    expect(ui.items['ui:order']).toEqual(['name', 'age', '*']);
  });

  it('labelled choices become oneOf const/title, which RJSF shows by title', () => {
    const { schema } = compileForm([field('dropdown', { extra_details: { option_choice: 'ksm: Kisumu\n\nnbi : Nairobi\nmbs' } })]);
    const oneOf = (schema.properties as Record<string, { oneOf: unknown[] }>).answer.oneOf;
    expect(oneOf).toEqual([
      { const: 'ksm', title: 'Kisumu' },
      { const: 'nbi', title: 'Nairobi' },
      { const: 'mbs', title: 'mbs' },
      { const: null, title: '' },
    ]);
  });

  it('a choice field backed by a view list accepts any text (values are looked up at run time)', () => {
    const form = formValidator([field('dropdown', { url: 'view-1', extra_details: { option_choice: 'a' } })]);
    expect(form.valid({ answer: 'Kisumu' })).toBe(true);
  });

  it('a choice field backed by a view list gets the viewList widget, one pick or many by type', () => {
    const { schema, uiSchema } = compileForm([
      field('dropdown', { field_name: 'town', url: 'view-1', extra_details: { option_choice: 'a' } }),
      field('radio', { field_name: 'ward', url: 'view-2' }),
      field('checkbox', { field_name: 'crops', url: 'view-3' }),
      field('multiple-select', { field_name: 'schools', url: 'view-4' }),
      field('checkbox', { field_name: 'plain', url: '', extra_details: { option_choice: 'a' } }),
    ]);
    const ui = (name: string) => uiSchema[name] as Record<string, unknown>;
    expect(ui('town')).toMatchObject({ 'ui:widget': 'viewList', 'ui:options': { viewList: 'view-1', multiple: false } });
    expect(ui('ward')).toMatchObject({ 'ui:widget': 'viewList', 'ui:options': { viewList: 'view-2', multiple: false } });
    expect(ui('crops')).toMatchObject({ 'ui:widget': 'viewList', 'ui:options': { viewList: 'view-3', multiple: true } });
    expect(ui('schools')).toMatchObject({
      'ui:widget': 'viewList',
      'ui:options': { viewList: 'view-4', multiple: true, field_type: 'multiple-select' },
    });
    // No list named: the options typed into the definition, as before.
    expect(ui('plain')).toMatchObject({ 'ui:widget': 'checkboxes' });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.town).toMatchObject({ type: ['string', 'null'] });
    expect(properties.town).not.toHaveProperty('oneOf');
    expect(properties.crops).toMatchObject({ type: ['array', 'null'], items: { type: 'string' } });
  });

  it.each(['dropdown', 'radio', 'checkbox', 'multiple-select'] as const)(
    'a %s with no options yet compiles, accepts only no answer, and is marked for the noOptions widget',
    (type) => {
      for (const extra of [{}, { extra_details: { option_choice: '' } }, { extra_details: { option_choice: ' \n\n ' } }]) {
        const form = formValidator([field(type, extra)]);
        const multiple = type === 'checkbox' || type === 'multiple-select';
        expect(form.valid({}), type).toBe(true);
        expect(form.valid({ answer: null })).toBe(true);
        if (multiple) expect(form.valid({ answer: [] })).toBe(true);
        expect(form.valid({ answer: multiple ? ['a'] : 'a' })).toBe(false);
        expect(compileForm([field(type, extra)]).uiSchema.answer).toMatchObject({ 'ui:widget': 'noOptions' });
      }
      // A list named instead: the viewList widget, as with options.
      expect(compileForm([field(type, { url: 'view-1' })]).uiSchema.answer).toMatchObject({ 'ui:widget': 'viewList' });
    },
  );

  it('uiSchema: widgets, placeholder, field type, order by `order`', () => {
    const { uiSchema } = compileForm([
      field('text-area', { field_name: 'notes', order: 2, placeholder: 'Anything else?' }),
      field('radio', { field_name: 'pick', order: 1, extra_details: { option_choice: 'a' } }),
      field('geo-location', { field_name: 'where', order: 3, placeholder: 'dropped' }),
    ]);
    expect(uiSchema['ui:order']).toEqual(['pick', 'notes', 'where', '*']);
    expect(uiSchema.notes).toMatchObject({
      'ui:widget': 'textarea',
      'ui:placeholder': 'Anything else?',
      'ui:options': { field_type: 'text-area' },
    });
    expect(uiSchema.pick).toMatchObject({ 'ui:widget': 'radio' });
    expect(uiSchema.where).not.toHaveProperty('ui:placeholder');
  });
});

describe('type defaults and options', () => {
  it('fills the spec defaults where the definition is blank, keeps what it sets', () => {
    expect(withTypeDefaults(field('text')).validation).toMatchObject({ min: 0, max: 10000 });
    expect(withTypeDefaults(field('text', { validation: { max: 50 } })).validation).toMatchObject({ min: 0, max: 50 });
    expect(withTypeDefaults(field('phone')).validation).toMatchObject({ min: 10, max: 10 });
    expect(withTypeDefaults(field('image')).validation?.types).toEqual(['jpg', 'png', 'jpeg']);
    expect(withTypeDefaults(field('file')).validation?.types).toEqual([]);
    expect(withTypeDefaults(field('field-group')).validation).toMatchObject({ min_repeater: 0, max_repeater: 1 });
    expect(withTypeDefaults(field('signature', { validation: { required: true } })).validation).toBeUndefined();
    const geo = withTypeDefaults(field('geo-location', { placeholder: 'p', default: 'd' }));
    expect(geo).not.toHaveProperty('placeholder');
    expect(geo).not.toHaveProperty('default');
  });

  it('a default becomes the schema default in the answer type', () => {
    const { schema } = compileForm([
      field('number', { field_name: 'n', default: '3' }),
      field('boolean', { field_name: 'b', default: 'true' }),
      field('text', { field_name: 't', default: 'hello' }),
    ]);
    const p = schema.properties as Record<string, { default?: unknown }>;
    expect([p.n!.default, p.b!.default, p.t!.default]).toEqual([3, true, 'hello']);
  });

  it("option_choice lines: 'value: label', a bare value, blanks and repeats", () => {
    expect(parseOptionChoice('a: Apple\n b :Banana \n\ncherry\na: Again\nd:')).toEqual([
      { value: 'a', label: 'Apple' },
      { value: 'b', label: 'Banana' },
      { value: 'cherry', label: 'cherry' },
      { value: 'd', label: 'd' },
    ]);
    expect(parseOptionChoice(undefined)).toEqual([]);
    expect(selectsFromOptionChoice('a: Apple\ncherry\nb: Banana')).toEqual({ a: 'Apple', b: 'Banana' });
  });

  it('refuses duplicate field names across a form', () => {
    expect(() => compileForm([field('text'), field('number')])).toThrow('Please make unique field_name');
  });
});
