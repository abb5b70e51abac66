/**
 * A draft is saved only when its definition passes the check the console makes too (same
 * words, keyed by field_name) and compiles, so every stored draft and revision can be rendered
 * and can validate a document.
 */
import { checkFormDefinition } from '@model/forms/definition-check.ts';
import { compileForm } from '@model/forms/compile-form.ts';
import { FormDefinitionError } from '@model/forms/condition.ts';
import { problems } from '../http/errors.ts';
import type { Draft } from './form-store.ts';

export function assertValidDefinition(draft: Draft): void {
  const found = checkFormDefinition(draft);
  if (found) throw problems.invalidFormDefinition(found.message, found.fields);
  try {
    compileForm(draft.structures);
  } catch (err) {
    // What the check does not word itself (the compiler is the last word on what compiles).
    if (err instanceof FormDefinitionError) throw problems.invalidFormDefinition(err.message, { [err.field]: err.message });
    throw err;
  }
}
