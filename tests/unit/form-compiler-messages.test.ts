// @vitest-environment node
/**
 * What a field worker reads when the api server refuses a submitted document: its validation
 * messages (server/http/validation.ts) name the form's field labels.
 */
import { describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition';
import { validationFields } from '../../server/http/validation';
import { formValidator } from './support/form-ajv';

const fields: FormField[] = [
  { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', validation: { required: true } },
  {
    field_label: 'Reason',
    field_name: 'reason',
    field_type: 'text',
    validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
  },
  { field_label: 'Phone', field_name: 'phone', field_type: 'phone' },
  { field_label: 'County', field_name: 'county', field_type: 'dropdown', extra_details: { option_choice: 'ksm: Kisumu\nnbi: Nairobi' } },
];

describe('the api server names the field a document gets wrong', () => {
  const form = formValidator(fields);

  it('a missing or emptied required field, shown by logic', () => {
    expect(validationFields(form.errors({ attended: false }))).toEqual({ reason: 'Reason is required' });
    expect(validationFields(form.errors({ attended: false, reason: '' }))).toEqual({ reason: 'Reason is required' });
    expect(validationFields(form.errors({}))).toEqual({ attended: 'Attended is required' });
  });

  it('a phone of 9 digits, a value not among the choices', () => {
    const found = validationFields(form.errors({ attended: true, phone: '071234567', county: 'mbs' }));
    expect(found.phone).toBe('Phone must be at least 10 characters');
    expect(found.county).toMatch(/Kisumu/);
  });
});
