/**
 * ajv's messages ("must NOT be valid", "must match pattern …") in the words a field worker
 * reads under a field (the compiler marks "must be answered" as a `not` of "no answer").
 */
import type { RJSFValidationError } from '@rjsf/utils';

function message(error: RJSFValidationError): string | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required':
    case 'not':
      return 'This field is required';
    case 'minLength':
      return `Enter at least ${params.limit} characters`;
    case 'maxLength':
      return `Enter at most ${params.limit} characters`;
    case 'minimum':
      return `Enter ${params.limit} or more`;
    case 'maximum':
      return `Enter ${params.limit} or less`;
    case 'pattern':
      return params.pattern === '^[0-9]*$' ? 'Enter digits only' : 'This does not have the expected form';
    case 'format':
      return params.format === 'email'
        ? 'Enter an e-mail address'
        : params.format === 'uri'
          ? 'Enter a web address'
          : params.format === 'date'
            ? 'Enter a date as DD/MM/YYYY'
            : params.format === 'date-time'
              ? 'Enter a date and time as DD/MM/YYYY HH:MM'
              : `Enter a valid ${params.format}`;
    case 'minItems':
      return `Add at least ${params.limit}`;
    case 'maxItems':
      return `Add at most ${params.limit}`;
    case 'oneOf':
    case 'enum':
      return 'Pick one of the choices';
    default:
      return undefined;
  }
}

export function previewErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  // oneOf/anyOf/if report a summary beside the precise error; the precise one is enough.
  return errors
    .filter((e) => e.name !== 'if' && e.name !== 'anyOf')
    .map((e) => ({ ...e, message: message(e) ?? e.message, stack: message(e) ?? e.stack }));
}
