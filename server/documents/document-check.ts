/**
 * Checks a submitted document (the answers, keyed by field_name) against the revision of the
 * form it was filled in: the same compiled schema the preview renders (compileForm), validated
 * by ajv with the api server's options, the refusals worded by the server's own validation
 * messages (server/http/validation.ts), so a field worker reads the field's label. A field that
 * the form's logic hides is not required; a visible one is.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormField } from '@model/forms/field-definition.ts';
import { compileForm } from '@model/forms/compile-form.ts';
import { ANNOTATION_KEYWORDS } from '@model/schema-registry.ts';
import { validationFields } from '../http/validation.ts';
import { problems } from '../http/errors.ts';

function documentAjv(): Ajv {
  // create-app.ts's options: nothing coerced, nothing dropped.
  const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

const ajv = documentAjv();

/** Compiled validators of the revisions seen lately (a revision never changes, so its id is key enough). */
const CACHE_SIZE = 200;
const cache = new Map<string, ValidateFunction>();

function validatorFor(structures: FormField[], revisionId?: string): ValidateFunction {
  const cached = revisionId ? cache.get(revisionId) : undefined;
  if (cached) return cached;
  const validate = ajv.compile(compileForm(structures).schema);
  if (revisionId) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(revisionId, validate);
  }
  return validate;
}

/** Field → what is wrong with its answer, or null when the document is valid. */
export function documentProblems(
  revision: { structures: FormField[]; _id?: string },
  answers: Record<string, unknown>,
): Record<string, string> | null {
  const validate = validatorFor(revision.structures, revision._id);
  // A copy: ajv's defaults must not write into the caller's answers.
  if (validate(structuredClone(answers))) return null;
  return validationFields(validate.errors ?? []);
}

/** Refuses an invalid document with 400, naming each field. */
export function assertValidDocument(revision: { structures: FormField[]; _id?: string }, answers: Record<string, unknown>): void {
  const found = documentProblems(revision, answers);
  if (found) throw problems.validation(found);
}
