/**
 * RJSF's validator for the preview, on @cfworker/json-schema. RJSF's own (@rjsf/validator-ajv8)
 * compiles each schema to JavaScript at run time (`new Function`), which the console's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids: in the browser every
 * check failed to compile and no message ever showed. cfworker interprets the schema instead, so
 * the preview checks answers with the very schema the compiler wrote, under the same policy.
 *
 * Its errors are turned into RJSF's shape (`property` '.a.0.b', `name` the keyword, `params` the
 * keyword's value as ajv names it), keeping only what a person can act on: the failing keyword
 * itself, not the "allOf / properties / items did not match" wrappers around it, nor the
 * per-branch noise of a `oneOf`.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** Keywords that only report that something inside them failed. */
const WRAPPERS = new Set(['properties', 'allOf', 'items', 'additionalItems', 'if', 'then', 'else', '$ref', 'dependencies']);

/** The keyword's value under ajv's params name, as messages (preview-errors.ts) read it. */
const PARAM_NAMES: Record<string, string> = {
  minLength: 'limit',
  maxLength: 'limit',
  minimum: 'limit',
  maximum: 'limit',
  exclusiveMinimum: 'limit',
  exclusiveMaximum: 'limit',
  minItems: 'limit',
  maxItems: 'limit',
  pattern: 'pattern',
  format: 'format',
  type: 'type',
  const: 'allowedValue',
  enum: 'allowedValues',
};

const compiled = new WeakMap<object, Validator>();

function validatorFor(schema: RJSFSchema): Validator {
  let found = compiled.get(schema);
  if (!found) {
    found = new Validator(schema as Schema, '7', false);
    compiled.set(schema, found);
  }
  return found;
}

/** The value at a JSON pointer ('#/properties/a/minLength') in the schema. */
function atPointer(schema: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~')))
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      schema,
    );
}

const propertyOf = (instanceLocation: string) =>
  instanceLocation
    .replace(/^#/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => `.${decodeURIComponent(part)}`)
    .join('');

function toRjsfError(unit: OutputUnit, schema: RJSFSchema): RJSFValidationError {
  let property = propertyOf(unit.instanceLocation);
  const params: Record<string, unknown> = {};
  if (unit.keyword === 'required') {
    const missing = /required property "(.*)"/.exec(unit.error)?.[1] ?? '';
    params.missingProperty = missing;
    property = `${property}.${missing}`;
  } else if (PARAM_NAMES[unit.keyword]) {
    params[PARAM_NAMES[unit.keyword]!] = atPointer(schema, unit.keywordLocation);
  }
  return {
    name: unit.keyword,
    property,
    params,
    message: unit.error,
    schemaPath: unit.keywordLocation,
    stack: `${property} ${unit.error}`.trim(),
  };
}

/** What failed, a person's way: one entry per field and keyword, wrappers and oneOf branches left out. */
export function errorsOf(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
  const { errors } = validatorFor(schema).validate(formData);
  const seen = new Set<string>();
  const kept: RJSFValidationError[] = [];
  for (const unit of errors) {
    if (WRAPPERS.has(unit.keyword) || /\/(oneOf|anyOf)\/\d+\//.test(unit.keywordLocation)) continue;
    const error = toRjsfError(unit, schema);
    const key = `${error.property} ${error.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(error);
  }
  return kept;
}

export const formValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    let errors = errorsOf(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const found = { errors, errorSchema: toErrorSchema(errors) };
    if (!customValidate) return found;
    const handler = customValidate(formData, createErrorHandler(formData), uiSchema);
    return validationDataMerge(found, unwrapErrorHandler(handler));
  },

  isValid(schema: RJSFSchema, formData: unknown): boolean {
    try {
      return validatorFor(schema).validate(formData).valid;
    } catch {
      return false;
    }
  },

  rawValidation(schema: RJSFSchema, formData?: unknown) {
    try {
      return { errors: validatorFor(schema).validate(formData).errors as never[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  },
};
