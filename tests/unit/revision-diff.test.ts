// @vitest-environment node
/**
 * The revisions page's "what changed": every field added, removed, moved or changed between two
 * versions, and for a changed one which properties, with before and after.
 */
import { describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition';
import { diffStructures, type FieldChange } from '@model/forms/revision-diff';

const text = (name: string, extra: Partial<FormField> = {}): FormField => ({
  field_label: name.toUpperCase(),
  field_name: name,
  field_type: 'text',
  ...extra,
});
const names = (changes: FieldChange[]) => changes.map((c) => `${c.change} ${c.field_name}`);

describe('fields added, removed, kept', () => {
  it('no change, no entry', () => {
    const fields = [text('a'), text('b')];
    expect(diffStructures(fields, structuredClone(fields))).toEqual([]);
  });

  it('an added field, with its label', () => {
    expect(diffStructures([text('a')], [text('a'), text('b')])).toEqual([{ field_name: 'b', label: 'B', change: 'added' }]);
  });

  it('a removed field, with its label from before', () => {
    expect(diffStructures([text('a'), text('b')], [text('a')])).toEqual([{ field_name: 'b', label: 'B', change: 'removed' }]);
  });

  it('a field added at the top moves none of the others', () => {
    expect(names(diffStructures([text('a'), text('b'), text('c')], [text('new'), text('a'), text('b'), text('c')]))).toEqual(['added new']);
  });
});

describe('moved fields', () => {
  it('the field that was dragged is the one moved, with its 1-based places', () => {
    const changes = diffStructures([text('a'), text('b'), text('c'), text('d')], [text('a'), text('c'), text('d'), text('b')]);
    expect(changes).toEqual([{ field_name: 'b', label: 'B', change: 'moved', position: { before: 2, after: 4 } }]);
  });

  it('follows `order` when the fields carry it', () => {
    const before = [text('a', { order: 1 }), text('b', { order: 2 })];
    const after = [text('a', { order: 2 }), text('b', { order: 1 })];
    expect(diffStructures(before, after)).toHaveLength(1);
    expect(diffStructures(before, after)[0]).toMatchObject({ change: 'moved', position: expect.any(Object) });
  });

  it('a field both moved and changed is listed once, as changed, with its position', () => {
    const changes = diffStructures([text('a'), text('b'), text('c')], [text('b'), text('c'), text('a', { field_label: 'First' })]);
    expect(changes).toEqual([
      {
        field_name: 'a',
        label: 'First',
        change: 'changed',
        position: { before: 1, after: 3 },
        properties: [{ property: 'label', before: 'A', after: 'First' }],
      },
    ]);
  });
});

describe('changed properties, each kind', () => {
  const one = (before: FormField, after: FormField) => {
    const changes = diffStructures([before], [after]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.change).toBe('changed');
    return changes[0]!.properties;
  };

  it('label', () => {
    expect(one(text('a'), text('a', { field_label: 'Age' }))).toEqual([{ property: 'label', before: 'A', after: 'Age' }]);
  });

  it('type (and the limits the new type brings with it)', () => {
    expect(one(text('a'), { ...text('a'), field_type: 'phone' })).toEqual([
      { property: 'type', before: 'text', after: 'phone' },
      { property: 'min', before: 0, after: 10 },
      { property: 'max', before: 10000, after: 10 },
    ]);
  });

  it('required', () => {
    expect(one(text('a'), text('a', { validation: { required: true } }))).toEqual([{ property: 'required', before: false, after: true }]);
  });

  it('min and max, a limit sent as text being the same number', () => {
    expect(one(text('a', { validation: { min: 2, max: 50 } }), text('a', { validation: { min: '2', max: 40 } }))).toEqual([
      { property: 'max', before: 50, after: 40 },
    ]);
  });

  it('a blank limit and the default the builder fills in are no change', () => {
    expect(
      diffStructures([text('a', { validation: { min: '', max: null } })], [text('a', { validation: { min: 0, max: 10000 } })]),
    ).toEqual([]);
  });

  it('options', () => {
    const dropdown = (choices: string): FormField => ({
      ...text('county'),
      field_type: 'dropdown',
      extra_details: { option_choice: choices },
    });
    expect(one(dropdown('ksm: Kisumu\nnbi: Nairobi'), dropdown('ksm: Kisumu\nnbi: Nairobi City'))).toEqual([
      {
        property: 'options',
        before: [
          { value: 'ksm', label: 'Kisumu' },
          { value: 'nbi', label: 'Nairobi' },
        ],
        after: [
          { value: 'ksm', label: 'Kisumu' },
          { value: 'nbi', label: 'Nairobi City' },
        ],
      },
    ]);
    // Spacing and blank lines alone change no option.
    expect(diffStructures([dropdown('ksm: Kisumu')], [dropdown('  ksm:   Kisumu\n\n')])).toEqual([]);
  });

  it('logic: rules added, and logic switched off', () => {
    const rule = { field_name: 'x', show: 'is-equal-to' as const, value: 'no' };
    const withLogic = text('a', { validation: { condition_chack: true, cond_logic: [rule] } });
    expect(diffStructures([text('x'), text('a')], [text('x'), withLogic])).toEqual([
      { field_name: 'a', label: 'A', change: 'changed', properties: [{ property: 'logic', before: [], after: [rule] }] },
    ]);
    const off = text('a', { validation: { condition_chack: false, cond_logic: [rule] } });
    expect(one(withLogic, off)).toEqual([{ property: 'logic', before: [rule], after: [] }]);
  });

  it('placeholder, default, list', () => {
    expect(one(text('a', { placeholder: 'Type' }), text('a', { placeholder: 'Write', default: 'x' }))).toEqual([
      { property: 'placeholder', before: 'Type', after: 'Write' },
      { property: 'default', before: null, after: 'x' },
    ]);
    const choice: FormField = { ...text('town'), field_type: 'dropdown' };
    expect(one(choice, { ...choice, url: 'list-1' })).toEqual([{ property: 'list', before: null, after: 'list-1' }]);
  });

  it('repeater', () => {
    const group = (max: number): FormField => ({
      ...text('kids'),
      field_type: 'field-group',
      validation: { is_repeater: true, min_repeater: 0, max_repeater: max },
      extra_details: { fields: [text('kid')] },
    });
    expect(one(group(3), group(5))).toEqual([
      {
        property: 'repeater',
        before: { is_repeater: true, min_repeater: 0, max_repeater: 3 },
        after: { is_repeater: true, min_repeater: 0, max_repeater: 5 },
      },
    ]);
  });
});

describe('sub-fields', () => {
  const group = (...fields: FormField[]): FormField => ({ ...text('household'), field_type: 'field-group', extra_details: { fields } });

  it('are named "group.sub", right after their group, each added, removed, moved or changed', () => {
    const before = [group(text('name'), text('age'), text('sex'), text('job')), text('after')];
    const after = [group(text('age'), text('name', { field_label: 'Full name' }), text('sex'), text('school')), text('after')];
    const changes = diffStructures(before, after);
    expect(names(changes)).toEqual(['changed household', 'changed household.name', 'added household.school', 'removed household.job']);
    expect(changes[0]!.properties).toEqual([
      { property: 'sub-fields', before: ['name', 'age', 'sex', 'job'], after: ['age', 'name', 'sex', 'school'] },
    ]);
    expect(changes[1]).toEqual({
      field_name: 'household.name',
      label: 'Full name',
      change: 'changed',
      position: { before: 1, after: 2 },
      properties: [{ property: 'label', before: 'NAME', after: 'Full name' }],
    });
  });

  it('a changed sub-field alone leaves its group unchanged', () => {
    expect(names(diffStructures([group(text('name'))], [group(text('name', { validation: { required: true } }))]))).toEqual([
      'changed household.name',
    ]);
  });
});
