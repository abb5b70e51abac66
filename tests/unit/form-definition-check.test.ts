/**
 * The checks a form definition passes before it is saved (spec 2 §5, §8): what a person is told,
 * keyed by the field it is about, the same words in the console and from the api server.
 */
import { describe, expect, it } from 'vitest';
import type { ConditionRule, FormField } from '@model/forms/field-definition';
import { checkFormDefinition } from '@model/forms/definition-check';
import { compileForm } from '@model/forms/compile-form';

const text = (name: string, label = name.toUpperCase(), rules?: ConditionRule[]): FormField => ({
  field_label: label,
  field_name: name,
  field_type: 'text',
  ...(rules ? { validation: { condition_chack: true, cond_logic: rules } } : {}),
});
const when = (field_name: string, show: ConditionRule['show'] = 'any-value', value = ''): ConditionRule => ({ field_name, show, value });

describe('a definition that passes', () => {
  it('is answered null, and compiles', () => {
    const structures: FormField[] = [
      { field_label: 'Attended', field_name: 'attended', field_type: 'boolean' },
      text('reason', 'Reason', [when('attended', 'is-equal-to', 'false')]),
      {
        field_label: 'Children',
        field_name: 'children',
        field_type: 'field-group',
        extra_details: { fields: [text('child_name'), text('school-name', 'School', [when('child_name')])] },
      },
    ];
    expect(checkFormDefinition({ name: 'Visit', structures })).toBeNull();
    expect(() => compileForm(structures)).not.toThrow();
  });

  it('ignores the rules of a field whose logic is switched off', () => {
    const off: FormField = { ...text('a'), validation: { condition_chack: false, cond_logic: [when('a')] } };
    expect(checkFormDefinition({ name: 'Visit', structures: [off] })).toBeNull();
  });
});

describe('the title', () => {
  it.each([[''], ['   '], [undefined], [null]])('%j is refused with "add title"', (name) => {
    expect(checkFormDefinition({ name, structures: [text('a')] })).toEqual({ message: 'add title', fields: { name: 'add title' } });
  });
});

describe('labels', () => {
  it('a field without a label is named by its field_name, or by its place when it has none', () => {
    const found = checkFormDefinition({
      name: 'Visit',
      structures: [text('first'), { ...text('second'), field_label: ' ' }, { field_label: '', field_name: '', field_type: 'text' }],
    });
    expect(found).toEqual({
      message: 'Field label is required.',
      fields: { second: 'Field label is required.', 'structures.2': 'Field label is required.' },
    });
  });

  it('a sub-field without a label is named too', () => {
    const group: FormField = {
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields: [text('inner', ''), { field_label: '', field_name: '', field_type: 'text' }] },
    };
    expect(checkFormDefinition({ name: 'Visit', structures: [text('a'), group] })?.fields).toEqual({
      inner: 'Field label is required.',
      'structures.1.extra_details.fields.1': 'Field label is required.',
    });
  });
});

describe('field names', () => {
  it('must be unique across fields and sub-fields', () => {
    const group: FormField = {
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields: [text('age')] },
    };
    expect(checkFormDefinition({ name: 'Visit', structures: [text('age'), group] })).toEqual({
      message: 'Please make unique field_name',
      fields: { age: 'Please make unique field_name' },
    });
    expect(checkFormDefinition({ name: 'Visit', structures: [text('age'), text('age')] })?.fields).toEqual({
      age: 'Please make unique field_name',
    });
  });

  it.each(['two words', 'name!', 'ümlaut', ''])('%j is not one word', (name) => {
    const found = checkFormDefinition({ name: 'Visit', structures: [text('ok'), { ...text('x'), field_name: name }] });
    expect(Object.values(found!.fields)).toEqual(['Field name: one word, no spaces; underscores and dashes allowed']);
  });

  it.each(['snake_case', 'kebab-case', 'Digits42'])('%j is one word', (name) => {
    expect(checkFormDefinition({ name: 'Visit', structures: [text(name)] })).toBeNull();
  });
});

describe('conditions', () => {
  it('a rule about its own field', () => {
    expect(checkFormDefinition({ name: 'Visit', structures: [text('a', 'A', [when('a')])] })).toEqual({
      message: 'A condition cannot refer to the field itself',
      fields: { a: 'A condition cannot refer to the field itself' },
    });
  });

  it('a rule about a field the form does not have', () => {
    expect(checkFormDefinition({ name: 'Visit', structures: [text('a'), text('b', 'B', [when('x')])] })?.fields).toEqual({
      b: "A condition refers to 'x', which is not a field of this form",
    });
  });

  it('a sub-field rule sees its siblings only, not the fields outside the group', () => {
    const group: FormField = {
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields: [text('inner', 'Inner', [when('outer')])] },
    };
    expect(checkFormDefinition({ name: 'Visit', structures: [text('outer'), group] })?.fields).toEqual({
      inner: "A condition refers to 'outer', which is not a field of this form",
    });
  });

  it('a rule that names no field yet', () => {
    expect(checkFormDefinition({ name: 'Visit', structures: [text('a'), text('b', 'B', [when('')])] })?.fields).toEqual({
      b: 'Choose the field this condition refers to',
    });
  });

  it('a pattern that is not a regular expression', () => {
    const found = checkFormDefinition({ name: 'Visit', structures: [text('a'), text('b', 'B', [when('a', 'matches-pattern', '([a-z')])] });
    expect(found?.fields.b).toBe("The pattern '([a-z' of a condition is not a valid regular expression");
  });

  it('rules that go round in a circle name the circle, on each of its fields', () => {
    const found = checkFormDefinition({
      name: 'Visit',
      structures: [text('a', 'A', [when('b')]), text('b', 'B', [when('c')]), text('c', 'C', [when('a')]), text('d', 'D', [when('a')])],
    });
    const circle = 'These conditions refer to each other in a circle: a → b → c → a';
    expect(found).toEqual({ message: circle, fields: { a: circle, b: circle, c: circle } });
  });

  it('a chain that is no circle passes', () => {
    expect(
      checkFormDefinition({ name: 'Visit', structures: [text('a'), text('b', 'B', [when('a')]), text('c', 'C', [when('a'), when('b')])] }),
    ).toBeNull();
  });
});

describe('several problems', () => {
  it('are all named; the message is the first one', () => {
    const found = checkFormDefinition({ name: '', structures: [text('a', ''), text('b', 'B', [when('b')])] });
    expect(found).toEqual({
      message: 'add title',
      fields: { name: 'add title', a: 'Field label is required.', b: 'A condition cannot refer to the field itself' },
    });
  });

  it('survive a malformed definition without throwing', () => {
    const junk = [null, { field_type: 'text' }, { field_label: 'L', field_name: 'l', field_type: 'text', validation: { cond_logic: 'x' } }];
    expect(() => checkFormDefinition({ name: 'Visit', structures: junk as unknown as FormField[] })).not.toThrow();
  });
});
