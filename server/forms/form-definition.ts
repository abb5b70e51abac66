/**
 * A draft is saved only when its definition passes the check the console makes too (same
 * words, keyed by field_name), its fields are well formed (the form-field schema), and it
 * compiles, so every stored draft and revision can be rendered and can validate a document.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { checkFormDefinition } from '@model/forms/definition-check.ts';
import { compileForm } from '@model/forms/compile-form.ts';
import { FormDefinitionError } from '@model/forms/condition.ts';
import { ANNOTATION_KEYWORDS } from '@model/schema-registry.ts';
import { problems } from '../http/errors.ts';
import { validationFields } from '../http/validation.ts';
import { DRAFT_FIELD_SCHEMA_ID, draftFieldSchema } from './form-schemas.ts';
import type { Draft } from './form-store.ts';

// No defaults filled in: a definition is stored as it was sent.
const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
ajv.addSchema(draftFieldSchema());
const wellFormed = ajv.compile({ type: 'object', properties: { structures: { type: 'array', items: { $ref: DRAFT_FIELD_SCHEMA_ID } } } });

export function assertValidDefinition(draft: Draft): void {
  const found = checkFormDefinition(draft);
  if (found) throw problems.invalidFormDefinition(found.message, found.fields);
  if (!wellFormed({ structures: draft.structures })) throw problems.validation(validationFields(wellFormed.errors ?? []));
  try {
    compileForm(draft.structures);
  } catch (err) {
    // What the check does not word itself (the compiler is the last word on what compiles).
    if (err instanceof FormDefinitionError) throw problems.invalidFormDefinition(err.message, { [err.field]: err.message });
    throw err;
  }
}
