// @vitest-environment node
/**
 * Conditional logic: each operator, and/or mixes (and binds tighter than or), cascades through
 * hidden fields, sub-field logic inside a group item — checked on both consumers: ajv on the
 * compiled if/then schema (a hidden required field is not demanded) and visibleFields.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from '@model/forms/compile-form';
import type { ConditionRule, FieldType, FormField } from '@model/forms/field-definition';
import { visibleFields } from '@model/forms/visible-fields';
import { formValidator } from './support/form-ajv';

const f = (field_name: string, field_type: FieldType, extra: Partial<FormField> = {}): FormField => ({
  field_label: field_name,
  field_name,
  field_type,
  ...extra,
});
/** A required text field "target" shown by the given rules. */
const target = (rules: ConditionRule[]): FormField =>
  f('target', 'text', { validation: { required: true, condition_chack: true, cond_logic: rules } });

/** Asserts both consumers agree that `target` is shown (true) or hidden (false) for these answers. */
function expectShown(fields: FormField[], answers: Record<string, unknown>, shown: boolean) {
  const form = formValidator(fields);
  expect(visibleFields(fields, answers).has('target'), `evaluator: ${JSON.stringify(answers)}`).toBe(shown);
  // Shown and required: the document without it is refused. Hidden: it may be left out.
  expect(form.valid(answers), `ajv without target: ${JSON.stringify(answers)}`).toBe(!shown);
  expect(form.valid({ ...answers, target: 'filled' }), `ajv with target: ${JSON.stringify(answers)}`).toBe(true);
}

describe('each operator', () => {
  const colour = f('colour', 'text');
  const rule = (show: ConditionRule['show'], value?: string): FormField[] => [colour, target([{ field_name: 'colour', show, value }])];

  it('any-value: shown once the field has an answer', () => {
    expectShown(rule('any-value'), { colour: 'red' }, true);
    for (const empty of [{}, { colour: '' }, { colour: null }]) expectShown(rule('any-value'), empty, false);
  });

  it('no-value: shown while the field is empty', () => {
    expectShown(rule('no-value'), {}, true);
    expectShown(rule('no-value'), { colour: '' }, true);
    expectShown(rule('no-value'), { colour: 'red' }, false);
  });

  it('is-equal-to / not-equal-to compare the whole answer', () => {
    expectShown(rule('is-equal-to', 'red'), { colour: 'red' }, true);
    expectShown(rule('is-equal-to', 'red'), { colour: 'reddish' }, false);
    expectShown(rule('is-equal-to', 'red'), {}, false);
    expectShown(rule('not-equal-to', 'red'), { colour: 'blue' }, true);
    expectShown(rule('not-equal-to', 'red'), {}, true);
    expectShown(rule('not-equal-to', 'red'), { colour: 'red' }, false);
  });

  it('matches-pattern: a text answer matching the regular expression', () => {
    expectShown(rule('matches-pattern', '^07[0-9]+$'), { colour: '0712' }, true);
    expectShown(rule('matches-pattern', '^07[0-9]+$'), { colour: '0812' }, false);
    expectShown(rule('matches-pattern', '^$'), { colour: '' }, false);
  });

  it('contains: a piece of a text answer, or one of the picked choices', () => {
    expectShown(rule('contains', 'ed.'), { colour: 'tired.' }, true);
    expectShown(rule('contains', 'ed.'), { colour: 'redx' }, false);
    expectShown(rule('contains', '^[0-9]+$/'), { colour: 'x^[0-9]+$/y' }, true);
    expectShown(rule('contains', '^[0-9]+$/'), { colour: '123' }, false);
    const tags = f('colour', 'checkbox', { extra_details: { option_choice: 'red\nblue' } });
    expectShown([tags, target([{ field_name: 'colour', show: 'contains', value: 'red' }])], { colour: ['blue', 'red'] }, true);
    expectShown([tags, target([{ field_name: 'colour', show: 'contains', value: 'red' }])], { colour: ['blue'] }, false);
  });

  it('a boolean field compares true/false, a number field numbers', () => {
    const attended = f('attended', 'boolean');
    expectShown([attended, target([{ field_name: 'attended', show: 'is-equal-to', value: 'false' }])], { attended: false }, true);
    expectShown([attended, target([{ field_name: 'attended', show: 'is-equal-to', value: 'false' }])], { attended: true }, false);
    const age = f('age', 'number');
    expectShown([age, target([{ field_name: 'age', show: 'is-equal-to', value: '18' }])], { age: 18 }, true);
    expectShown([age, target([{ field_name: 'age', show: 'not-equal-to', value: '18' }])], { age: 18 }, false);
  });
});

describe('and / or: and binds tighter than or', () => {
  const fields = (conds: ('and' | 'or')[]): FormField[] => [
    f('a', 'text'),
    f('b', 'text'),
    f('c', 'text'),
    target(['a', 'b', 'c'].map((name, i) => ({ field_name: name, show: 'any-value', ...(i > 0 ? { cond: conds[i - 1] } : {}) }))),
  ];

  it('A or B and C means A or (B and C), not (A or B) and C', () => {
    const rules = fields(['or', 'and']);
    expectShown(rules, { a: 'x' }, true); // left to right would hide it: C is empty
    expectShown(rules, { b: 'x' }, false);
    expectShown(rules, { b: 'x', c: 'x' }, true);
    expectShown(rules, { c: 'x' }, false);
  });

  it('A and B or C means (A and B) or C', () => {
    const rules = fields(['and', 'or']);
    expectShown(rules, { c: 'x' }, true);
    expectShown(rules, { a: 'x' }, false);
    expectShown(rules, { a: 'x', b: 'x' }, true);
  });

  it('all and / all or', () => {
    expectShown(fields(['and', 'and']), { a: 'x', b: 'x' }, false);
    expectShown(fields(['and', 'and']), { a: 'x', b: 'x', c: 'x' }, true);
    expectShown(fields(['or', 'or']), { b: 'x' }, true);
    expectShown(fields(['or', 'or']), {}, false);
  });

  it("the first rule's cond does not matter", () => {
    const withOr = fields(['and', 'and']);
    (withOr[3]!.validation!.cond_logic![0] as ConditionRule).cond = 'or';
    expectShown(withOr, { a: 'x', b: 'x' }, false);
  });

  it('turning conditional logic off (condition_chack false) shows the field whatever the rules', () => {
    const off = fields(['and', 'and']);
    off[3]!.validation!.condition_chack = false;
    expectShown(off, {}, true);
  });
});

describe('hidden fields have no answer', () => {
  it('hiding cascades: a rule about a hidden field sees no value, even if the document has one', () => {
    const fields = [
      f('attended', 'boolean'),
      f('reason', 'text', {
        validation: { condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
      }),
      target([{ field_name: 'reason', show: 'any-value' }]),
    ];
    expectShown(fields, { attended: false, reason: 'ill' }, true);
    expectShown(fields, { attended: true, reason: 'ill' }, false);
    expect(visibleFields(fields, { attended: true, reason: 'ill' })).toEqual(new Set(['attended']));
  });

  it('"Reason" appears only when "Attended" is No, and is then required', () => {
    const fields = [
      f('attended', 'boolean', { validation: { required: true } }),
      f('reason', 'text', {
        validation: {
          required: true,
          condition_chack: true,
          cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }],
        },
      }),
    ];
    const form = formValidator(fields);
    expect(form.valid({ attended: true })).toBe(true);
    expect(form.valid({ attended: false })).toBe(false);
    expect(form.valid({ attended: false, reason: 'ill' })).toBe(true);
    expect(form.valid({})).toBe(false);
  });

  it('a document-shaped answer validates, with the hidden required fields left out', () => {
    const fields: FormField[] = [
      f('name', 'text', { validation: { required: true } }),
      f('phone', 'phone', { validation: { required: true } }),
      f('has_children', 'radio', { extra_details: { option_choice: 'yes: Yes\nno: No' }, validation: { required: true } }),
      f('children', 'field-group', {
        validation: {
          required: true,
          is_repeater: true,
          min_repeater: 1,
          max_repeater: 5,
          condition_chack: true,
          cond_logic: [{ field_name: 'has_children', show: 'is-equal-to', value: 'yes' }],
        },
        extra_details: { fields: [f('child_name', 'text', { validation: { required: true } })] },
      }),
      f('why_none', 'text-area', {
        validation: {
          required: true,
          condition_chack: true,
          cond_logic: [{ field_name: 'has_children', show: 'is-equal-to', value: 'no' }],
        },
      }),
      f('where', 'geo-location'),
      f('photo', 'image', { validation: { required: true } }),
    ];
    const form = formValidator(fields);
    const base = { name: 'Amina', phone: '0712345678', where: { lat: -0.09, lng: 34.76 }, photo: 'uploads/amina.jpg' };
    expect(form.valid({ ...base, has_children: 'no', why_none: 'none yet' })).toBe(true);
    expect(form.valid({ ...base, has_children: 'yes', children: [{ child_name: 'Baraka' }] })).toBe(true);
    expect(form.valid({ ...base, has_children: 'yes' })).toBe(false);
    expect(form.valid({ ...base, has_children: 'no' })).toBe(false);
    expect(form.valid({ ...base, has_children: 'yes', children: [{}] })).toBe(false);
  });
});

describe('sub-fields with their own logic', () => {
  const group = f('members', 'field-group', {
    validation: { is_repeater: true, max_repeater: 3 },
    extra_details: {
      fields: [
        f('employed', 'boolean'),
        f('employer', 'text', {
          validation: {
            required: true,
            condition_chack: true,
            cond_logic: [{ field_name: 'employed', show: 'is-equal-to', value: 'true' }],
          },
        }),
      ],
    },
  });

  it('a rule inside a group looks at the same item', () => {
    const form = formValidator([group]);
    expect(form.valid({ members: [{ employed: false }, { employed: true, employer: 'KPLC' }] })).toBe(true);
    expect(form.valid({ members: [{ employed: false }, { employed: true }] })).toBe(false);
    const sub = group.extra_details!.fields!;
    expect(visibleFields(sub, { employed: true })).toEqual(new Set(['employed', 'employer']));
    expect(visibleFields(sub, { employed: false })).toEqual(new Set(['employed']));
  });

  it('a rule inside a group cannot name a field outside it', () => {
    const outside = f('g', 'field-group', {
      extra_details: {
        fields: [f('x', 'text', { validation: { condition_chack: true, cond_logic: [{ field_name: 'top', show: 'any-value' }] } })],
      },
    });
    expect(() => compileForm([f('top', 'text'), outside])).toThrow(/refers to top, which is not in the form/);
  });
});

describe('definitions the compiler refuses', () => {
  it('a rule naming its own field, a missing field, a cycle, a broken pattern', () => {
    const rules = (name: string, r: ConditionRule[]) => f(name, 'text', { validation: { condition_chack: true, cond_logic: r } });
    expect(() => compileForm([rules('a', [{ field_name: 'a', show: 'any-value' }])])).toThrow(/refers to the field itself/);
    expect(() => compileForm([rules('a', [{ field_name: 'zz', show: 'any-value' }])])).toThrow(/not in the form/);
    expect(() =>
      compileForm([rules('a', [{ field_name: 'b', show: 'any-value' }]), rules('b', [{ field_name: 'a', show: 'any-value' }])]),
    ).toThrow(/depend on themselves/);
    expect(() => compileForm([f('b', 'text'), rules('a', [{ field_name: 'b', show: 'matches-pattern', value: '(' }])])).toThrow(
      /not a valid pattern/,
    );
  });
});
