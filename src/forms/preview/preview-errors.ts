/**
 * ajv's messages ("must NOT be valid", "must match pattern …") in the words a field worker
 * reads under a field (the compiler marks "must be answered" as a `not` of "no answer"), in the
 * language in use. (The preview may be drawn outside the console's i18n context, hence the
 * provider's translate rather than a hook; a change of language redraws the page anyway.)
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { translate } from '../../providers/i18n-provider';

function message(error: RJSFValidationError): string | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = { limit: params.limit };
  switch (error.name) {
    case 'required':
    case 'not':
      return translate('app.forms.preview.errors.required');
    case 'minLength':
      return translate('app.forms.preview.errors.min_length', limit);
    case 'maxLength':
      return translate('app.forms.preview.errors.max_length', limit);
    case 'minimum':
      return translate('app.forms.preview.errors.minimum', limit);
    case 'maximum':
      return translate('app.forms.preview.errors.maximum', limit);
    case 'pattern':
      return params.pattern === '^[0-9]*$' ? translate('app.forms.preview.errors.digits') : translate('app.forms.preview.errors.pattern');
    case 'format':
      return params.format === 'email'
        ? translate('app.forms.preview.errors.email')
        : params.format === 'uri'
          ? translate('app.forms.preview.errors.uri')
          : params.format === 'date'
            ? translate('app.forms.preview.errors.date')
            : params.format === 'date-time'
              ? translate('app.forms.preview.errors.date_time')
              : translate('app.forms.preview.errors.format', { format: params.format });
    case 'minItems':
      return translate('app.forms.preview.errors.min_items', limit);
    case 'maxItems':
      return translate('app.forms.preview.errors.max_items', limit);
    case 'oneOf':
    case 'enum':
      return translate('app.forms.preview.errors.choice');
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
