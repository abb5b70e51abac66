// @vitest-environment node
/**
 * schemas/form-field.schema.json describes the same field definitions the compiler reads:
 * the TypeScript types match the generated ones, and the schema accepts a real definition and
 * refuses a broken one with the spec's message.
 */
import { describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition';
import type { FormField as SchemaFormField } from '@model/generated/form-field';
import fieldSchema from '@schemas/form-field.schema.json';
import { validationFields } from '../../server/http/validation';
import { formAjv } from './support/form-ajv';

// Compile-time: each shape is assignable to the other (tsc fails here if they drift apart).
const toSchemaShape = (f: FormField): SchemaFormField => f;
const fromSchemaShape = (f: SchemaFormField): FormField => f;

const validate = formAjv().compile(fieldSchema);

const group: FormField = {
  field_label: 'Children',
  field_name: 'children',
  field_type: 'field-group',
  validation: { is_repeater: true, min_repeater: 0, max_repeater: 5 },
  extra_details: {
    fields: [
      { field_label: 'Name', field_name: 'child_name', field_type: 'text', validation: { required: true, min: 0, max: 10000 } },
      {
        field_label: 'School',
        field_name: 'school',
        field_type: 'dropdown',
        extra_details: { option_choice: 'a: A\nb: B', selects: { a: 'A', b: 'B' } },
        validation: { condition_chack: true, cond_logic: [{ field_name: 'child_name', show: 'any-value', value: '', cond: 'and' }] },
      },
    ],
  },
};

describe('the field definition schema', () => {
  it('accepts a field group with sub-fields and rules, in both TypeScript shapes', () => {
    expect(validate(fromSchemaShape(toSchemaShape(group)))).toBe(true);
  });

  it('refuses a field without a label, with the spec message', () => {
    const { field_label: _, ...unlabelled } = group;
    expect(validate(unlabelled)).toBe(false);
    expect(validationFields(validate.errors ?? [])).toEqual({ field_label: 'Field label is required.' });
  });

  it('refuses an unknown type, a name with a space, an unknown rule test inside a sub-field', () => {
    expect(validate({ ...group, field_type: 'slider' })).toBe(false);
    expect(validate({ ...group, field_name: 'two words' })).toBe(false);
    const badRule = structuredClone(group);
    badRule.extra_details!.fields![1]!.validation!.cond_logic![0]!.show = 'is-like' as never;
    expect(validate(badRule)).toBe(false);
  });
});
