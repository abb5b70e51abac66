/** ajv as the api server runs it (create-app.ts options, ajv-formats), to validate compiled forms. */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ANNOTATION_KEYWORDS } from '@model/schema-registry';
import { compileForm } from '@model/forms/compile-form';
import type { FormField } from '@model/forms/field-definition';

export function formAjv() {
  // The api server's options (create-app.ts); ajv's strict mode stays on, and any warning it
  // would log about a compiled schema fails the test instead.
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    logger: {
      log: () => undefined,
      warn: (...args: unknown[]) => {
        throw new Error(`ajv warned: ${args.join(' ')}`);
      },
      error: (...args: unknown[]) => {
        throw new Error(`ajv error: ${args.join(' ')}`);
      },
    },
  });
  addFormats(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

const ajv = formAjv();

/** A validator for the form; `valid(answers)` is ajv's verdict on a submitted document. */
export function formValidator(fields: FormField[]) {
  const { schema } = compileForm(fields);
  const validate = ajv.compile(schema);
  return {
    valid: (answers: Record<string, unknown>) => validate(structuredClone(answers)) as boolean,
    errors: (answers: Record<string, unknown>) => {
      validate(structuredClone(answers));
      return validate.errors ?? [];
    },
  };
}
