/**
 * The preview's RJSF validator, without eval. ajv (@rjsf/validator-ajv8) compiles every schema
 * into code with `new Function`, which the console's Content-Security-Policy (script-src 'self',
 * no 'unsafe-eval') refuses: in the built console every check of the preview failed silently
 * (a 9-digit phone, a required field). @cfworker/json-schema interprets the schema instead.
 *
 * Its errors are handed to RJSF in ajv's shape (keyword as `name`, ajv's `params`: limit,
 * pattern, format, missingProperty), so the preview's messages (preview-errors.ts) read them as
 * before. Errors that only summarise the ones under them (a property, an allOf branch) are left
 * out: ajv does not report those.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
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

type Draft = '4' | '7' | '2019-09' | '2020-12';

/** Keywords whose error only says that something under them failed. */
const SUMMARIES = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'dependentSchemas',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

const LIMITS = new Set([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
]);

function draftOf(schema: RJSFSchema): Draft {
  const id = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (id.includes('2020-12')) return '2020-12';
  if (id.includes('2019-09')) return '2019-09';
  if (id.includes('draft-04')) return '4';
  return '7'; // the form compiler writes draft-07
}

/** "#/a/b~1c" → ['a', 'b/c'] */
const pointerParts = (pointer: string) =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));

function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointerParts(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** What ajv would say in `params` about this error, read from the schema the error points at. */
function paramsOf(unit: OutputUnit, root: RJSFSchema): Record<string, unknown> {
  const value = at(root, unit.keywordLocation);
  if (LIMITS.has(unit.keyword)) return value === undefined ? {} : { limit: value };
  switch (unit.keyword) {
    case 'pattern':
      return { pattern: value };
    case 'format':
      return { format: value };
    case 'type':
      return { type: value };
    case 'const':
      return { allowedValue: value };
    case 'enum':
      return { allowedValues: value };
    case 'required':
      return { missingProperty: /"(.*)"/.exec(unit.error)?.[1] ?? '' };
    default:
      return {};
  }
}

/** RJSF's error for one of the validator's, as @rjsf/validator-ajv8 words its property path. */
function toRjsfError(unit: OutputUnit, root: RJSFSchema): RJSFValidationError {
  const params = paramsOf(unit, root);
  let property = pointerParts(unit.instanceLocation)
    .map((part) => `.${part}`)
    .join('');
  if (unit.keyword === 'required') property = property ? `${property}.${params.missingProperty}` : String(params.missingProperty);
  const message = unit.error;
  return {
    name: unit.keyword,
    property,
    message,
    params,
    stack: `${property} ${message}`.trim(),
    schemaPath: unit.keywordLocation,
    title: '',
  };
}

export class FormValidator implements ValidatorType {
  // Reading a schema (dereferencing it) costs more than checking answers against it: each
  // schema object is read once. RJSF hands the same objects again while the form stays the same.
  private readonly reporting = new WeakMap<object, Validator>();
  private readonly checking = new WeakMap<object, WeakMap<object, Validator>>();

  private validatorFor(schema: RJSFSchema): Validator {
    let validator = this.reporting.get(schema);
    if (!validator) {
      validator = new Validator(schema as Schema, draftOf(schema), false);
      this.reporting.set(schema, validator);
    }
    return validator;
  }

  /** A validator that stops at the first error, for `schema` read within `rootSchema`. */
  private checkerFor(schema: RJSFSchema, rootSchema: RJSFSchema): Validator {
    const root = rootSchema ?? schema;
    let byRoot = this.checking.get(schema);
    if (!byRoot) this.checking.set(schema, (byRoot = new WeakMap()));
    let validator = byRoot.get(root);
    if (!validator) {
      // A part of the form may refer to the whole form's definitions ("#/definitions/…").
      const whole: RJSFSchema =
        schema !== root && (root.definitions || root.$defs) ? { ...schema, definitions: root.definitions, $defs: root.$defs } : schema;
      validator = new Validator(whole as Schema, draftOf(root), true);
      byRoot.set(root, validator);
    }
    return validator;
  }

  rawValidation<Result = RJSFValidationError>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const result = this.validatorFor(schema).validate(formData);
      if (result.valid) return {};
      const seen = new Set<string>();
      const errors = result.errors
        .filter((unit) => !SUMMARIES.has(unit.keyword))
        .map((unit) => toRjsfError(unit, schema))
        .filter((error) => {
          const key = `${error.property}\u0000${error.name}\u0000${error.message}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return { errors: errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<RJSFValidationError>(schema, formData);
    let errors = raw.errors ?? [];
    if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    // As @rjsf/validator-ajv8 does: the custom check sees the answers with the form's defaults.
    const withDefaults = getDefaultFormState(this, schema, formData, schema, true);
    const handler = customValidate(withDefaults, createErrorHandler(withDefaults), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return this.checkerFor(schema, rootSchema).validate(formData).valid;
    } catch {
      return false;
    }
  }
}

export const formValidator = new FormValidator();
