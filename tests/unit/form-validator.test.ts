/**
 * The preview's eval-free validator (src/forms/preview/form-validator.ts) reports what
 * @rjsf/validator-ajv8 reports — the same fields, the same keywords, the same limits — so the
 * preview's messages read the same; and it never builds code at run time (the console's
 * Content-Security-Policy forbids it, which is why ajv cannot run there).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import ajvValidator from '@rjsf/validator-ajv8';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { compileForm } from '@model/forms/compile-form';
import type { FormField } from '@model/forms/field-definition';
import { FormValidator } from '../../src/forms/preview/form-validator';
import { previewErrors } from '../../src/forms/preview/preview-errors';

const fields: FormField[] = [
  { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', validation: { required: true } },
  {
    field_label: 'Reason',
    field_name: 'reason',
    field_type: 'text',
    validation: {
      required: true,
      min: 3,
      condition_chack: true,
      cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }],
    },
  },
  { field_label: 'Phone', field_name: 'phone', field_type: 'phone' },
  { field_label: 'Age', field_name: 'age', field_type: 'number', validation: { min: 0, max: 120 } },
  { field_label: 'Email', field_name: 'email', field_type: 'email' },
  { field_label: 'Website', field_name: 'site', field_type: 'url' },
  { field_label: 'Visit date', field_name: 'visit', field_type: 'date' },
  { field_label: 'Gender', field_name: 'gender', field_type: 'radio', extra_details: { option_choice: 'f: Female\nm: Male' } },
  { field_label: 'Photo', field_name: 'photo', field_type: 'image' },
];
const { schema } = compileForm(fields) as { schema: RJSFSchema };

const answers: Array<Record<string, unknown>> = [
  {},
  { attended: true },
  { attended: false },
  { attended: false, reason: 'ab', phone: '071234567', age: 130, email: 'not-mail', site: 'nowhere', visit: '2024-13-45' },
  { attended: true, phone: '07123456a8', age: -1, gender: 'x', photo: 'me.gif' },
  { attended: false, reason: 'Sick', phone: '0712345678', age: 30, email: 'a@b.org', site: 'https://example.org', gender: 'f' },
];

/** What a person is told, field by field: sorted "property keyword message" lines, each once. */
const told = (errors: RJSFValidationError[]) => [
  ...new Set(
    previewErrors(errors)
      .filter((e) => e.name !== 'oneOf' && e.name !== 'const') // ajv words a wrong choice twice; the preview shows one
      .map((e) => `${(e.property ?? '').replace(/^\./, '')} ${e.name} ${e.message}`)
      .sort(),
  ),
];

afterEach(() => vi.restoreAllMocks());

describe('the preview validator', () => {
  it.each(answers.map((a) => [JSON.stringify(a), a]))('says what ajv says about %s', (_, formData) => {
    const ours = new FormValidator().validateFormData(formData, schema);
    const theirs = ajvValidator.validateFormData(formData, schema);
    expect(told(ours.errors)).toEqual(told(theirs.errors));
    expect(Object.keys(ours.errorSchema).sort()).toEqual(Object.keys(theirs.errorSchema).sort());
  });

  it('finds the 9-digit phone, in the words the preview shows', () => {
    const { errors, errorSchema } = new FormValidator().validateFormData({ phone: '071234567' }, schema, undefined, previewErrors);
    expect(errors.find((e) => e.property === '.phone')).toMatchObject({ name: 'minLength', params: { limit: 10 } });
    expect((errorSchema as Record<string, { __errors?: string[] }>).phone?.__errors).toEqual(['Enter at least 10 characters']);
  });

  it('tells whether answers fit a part of the form, as RJSF asks when it picks a choice', () => {
    const validator = new FormValidator();
    const gender = (schema.properties as Record<string, RJSFSchema>).gender!;
    expect(validator.isValid(gender, 'f', schema)).toBe(true);
    expect(validator.isValid(gender, 'x', schema)).toBe(false);
    expect(validator.isValid({ $ref: '#/definitions/n' }, 3, { definitions: { n: { type: 'number' } } })).toBe(true);
    expect(validator.isValid({ $ref: '#/definitions/n' }, 'three', { definitions: { n: { type: 'number' } } })).toBe(false);
  });

  it('never compiles code at run time', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    new FormValidator().validateFormData(answers[3], schema);
    expect(compile).not.toHaveBeenCalled();
  });
});
