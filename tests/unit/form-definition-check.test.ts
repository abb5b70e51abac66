// @vitest-environment node
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

  it('a sub-field rule sees its siblings only: a field outside the group is refused for what it is', () => {
    const group: FormField = {
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields: [text('inner', 'Inner', [when('outer')]), text('other', 'Other', [when('nowhere')])] },
    };
    expect(checkFormDefinition({ name: 'Visit', structures: [text('outer'), group] })?.fields).toEqual({
      inner: 'A condition inside a field group can only refer to fields of the same group',
      other: "A condition refers to 'nowhere', which is not a field of this form",
    });
  });

  it('a rule outside a group cannot look at a field inside it', () => {
    const group: FormField = {
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields: [text('inner')] },
    };
    expect(checkFormDefinition({ name: 'Visit', structures: [group, text('outer', 'Outer', [when('inner')])] })?.fields).toEqual({
      outer: "A condition cannot refer to 'inner', which is inside a field group",
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

  const patternRule = (pattern: string) =>
    checkFormDefinition({ name: 'Visit', structures: [text('a'), text('b', 'B', [when('a', 'matches-pattern', pattern)])] })?.fields.b;

  it.each(['^(a+)+$', '(a|aa)+', '(.*a){20}', '(a*)*', '^(\\w+\\s?)*$', '((a|aa))+', '(a{1,3})*', '(\\d|[0-9a-f])*', '(?=(a+)+)x'])(
    'a pattern that can backtrack for ages, %s, is refused',
    (pattern) => {
      expect(patternRule(pattern)).toBe('This pattern could take too long to check; simplify it');
    },
  );

  it('the pattern refused really is slow: 23 characters already take a noticeable while', () => {
    const input = `${'a'.repeat(22)}!`;
    // Only a lower bound: a busy machine makes it slower, never faster.
    const time = (pattern: string) => {
      const started = performance.now();
      new RegExp(pattern, 'u').test(input);
      return performance.now() - started;
    };
    expect(patternRule('^(a+)+$')).toBeDefined();
    expect(time('^(a+)+$')).toBeGreaterThan(20);
    expect(patternRule('^a+$')).toBeUndefined();
  });

  it.each([
    '^[0-9]{10}$',
    '^[A-Z][a-z]+$',
    '^(\\+\\d{1,3})?\\d{9}$',
    '^(\\d{2}/){2}\\d{4}$',
    '^[0-9]{1,3}(,[0-9]{3})*$',
    '^(yes|no)+$',
    '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$',
    '^\\p{Lu}\\p{Ll}+$',
    '(?<=KE-)\\d+',
    '(\\s|,)+',
  ])('an ordinary pattern, %s, is accepted', (pattern) => {
    expect(patternRule(pattern)).toBeUndefined();
  });

  it('a pattern longer than 200 characters is refused', () => {
    expect(patternRule(`^${'a'.repeat(199)}$`)).toBe("A condition's pattern can be at most 200 characters");
    expect(patternRule(`^${'a'.repeat(198)}$`)).toBeUndefined();
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

describe('field groups', () => {
  const group = (name: string, fields: FormField[]): FormField => ({
    field_label: name.toUpperCase(),
    field_name: name,
    field_type: 'field-group',
    extra_details: { fields },
  });

  it('a field group inside a field group is refused, keyed like any sub-field', () => {
    const inner = group('inner', [text('deep')]);
    const unnamed = { ...group('x', [text('deeper')]), field_name: '' };
    const found = checkFormDefinition({ name: 'Visit', structures: [text('a'), group('outer', [text('b'), inner, unnamed])] });
    expect(found?.message).toBe('A field group cannot hold another field group');
    expect(found?.fields).toEqual({
      inner: 'A field group cannot hold another field group',
      'structures.1.extra_details.fields.2': 'Field name: one word, no spaces; underscores and dashes allowed',
    });
  });

  it('a field group 500 deep is refused without trouble', () => {
    let deep = text('leaf');
    for (let i = 0; i < 500; i++) deep = group(`g${i}`, [deep]);
    expect(checkFormDefinition({ name: 'Visit', structures: [deep] })?.fields).toEqual({
      g498: 'A field group cannot hold another field group',
    });
  });

  it('sub-fields count toward the 2000 fields a form may have', () => {
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => text(`${prefix}${i}`));
    expect(checkFormDefinition({ name: 'Visit', structures: [...many(1000, 'top'), group('g', many(999, 'sub'))] })).toBeNull();
    const tooMany = 'A form cannot have more than 2000 fields, sub-fields included (this one has 2001)';
    expect(checkFormDefinition({ name: 'Visit', structures: [...many(1000, 'top'), group('g', many(1000, 'sub'))] })).toEqual({
      message: tooMany,
      fields: { structures: tooMany },
    });
    expect(checkFormDefinition({ name: 'Visit', structures: [group('g', many(10_000, 'sub'))] })?.fields).toEqual({
      structures: 'A form cannot have more than 2000 fields, sub-fields included (this one has 10001)',
    });
    expect(checkFormDefinition({ name: 'Visit', structures: many(2001, 'top') })?.message).toBe(
      'A form cannot have more than 2000 fields, sub-fields included (this one has 2001)',
    );
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
