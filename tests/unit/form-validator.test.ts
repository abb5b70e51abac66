// @vitest-environment node
/**
 * The preview's validator: the compiled schema's verdicts in RJSF's shape, worded by the
 * preview's messages, and never by generating code — the console's Content-Security-Policy has
 * no 'unsafe-eval', so a validator that compiles schemas to functions fails in the browser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { compileForm } from '@model/forms/compile-form';
import { formValidator } from '../../src/forms/preview/form-validator';
import { previewErrors } from '../../src/forms/preview/preview-errors';

const { schema } = compileForm([
  { field_label: 'Phone', field_name: 'phone', field_type: 'phone', validation: { required: true } },
  {
    field_label: 'County',
    field_name: 'county',
    field_type: 'dropdown',
    extra_details: { option_choice: 'nairobi: Nairobi\nkisumu: Kisumu' },
  },
  { field_label: 'Mail', field_name: 'mail', field_type: 'email' },
  { field_label: 'Age', field_name: 'age', field_type: 'number', validation: { min: 0, max: 120 } },
]);

const messages = (data: unknown) => {
  const { errorSchema } = formValidator.validateFormData(data, schema, undefined, previewErrors);
  return Object.fromEntries(
    Object.entries(errorSchema)
      .filter(([key]) => key !== '__errors')
      .map(([key, value]) => [key, (value as { __errors: string[] }).__errors]),
  );
};

const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

/** As under `script-src 'self'`: building a function from text throws. */
function forbidEval() {
  globalThis.Function = new Proxy(realFunction, {
    construct: () => {
      throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy');
    },
    apply: () => {
      throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy');
    },
  });
}

describe('the preview validator', () => {
  it('shows a text over 10,000 characters under its field, whatever the field sets', () => {
    const { schema: notes } = compileForm([
      { field_label: 'Notes', field_name: 'notes', field_type: 'text-area' },
      { field_label: 'Summary', field_name: 'summary', field_type: 'text', validation: { max: 900_000 } },
    ]);
    const { errorSchema } = formValidator.validateFormData(
      { notes: 'x'.repeat(10_001), summary: 'y'.repeat(10_001) },
      notes,
      undefined,
      previewErrors,
    );
    expect(errorSchema).toMatchObject({
      notes: { __errors: ['Enter at most 10000 characters'] },
      summary: { __errors: ['Enter at most 10000 characters'] },
    });
    expect(formValidator.validateFormData({ notes: 'x'.repeat(10_000) }, notes, undefined, previewErrors).errors).toEqual([]);
  });

  it('names each failing field once, in the words shown under it', () => {
    expect(messages({ phone: '12345678x', county: 'mombasa', mail: 'nope', age: 130 })).toEqual({
      phone: ['Enter at least 10 characters', 'Enter digits only'],
      county: ['Pick one of the choices'],
      mail: ['Enter an e-mail address'],
      age: ['Enter 120 or less'],
    });
    expect(messages({})).toEqual({ phone: ['This field is required'] });
    expect(messages({ phone: '0712345678', county: 'kisumu', mail: 'a@b.org', age: 30 })).toEqual({});
  });

  it('answers isValid as the schema does', () => {
    expect(formValidator.isValid(schema, { phone: '0712345678' }, schema)).toBe(true);
    expect(formValidator.isValid(schema, { phone: '1' }, schema)).toBe(false);
  });

  it('works where code generation is forbidden (where ajv cannot)', () => {
    forbidEval();
    expect(() => new Ajv().compile({ type: 'object', properties: { x: { type: 'string', minLength: 2 } } })).toThrow(EvalError);
    expect(messages({ phone: '123' })).toEqual({ phone: ['Enter at least 10 characters'] });
  });
});
