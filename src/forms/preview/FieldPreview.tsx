/**
 * One field of the preview as a small RJSF form of its own (see preview-form.ts for why),
 * memoised: it renders again only when its definition, its answer or its checked errors change.
 */
import { memo } from 'react';
import Form from '@rjsf/mui';
import { formValidator as validator } from './form-validator';
import type { ErrorSchema } from '@rjsf/utils';
import type { FormField } from '@model/forms/field-definition';
import { formFields, formWidgets } from '../widgets';
import { fieldForm } from './preview-form';
import { previewErrors } from './preview-errors';
import { rjsfWords } from './rjsf-words';

// RJSF would otherwise pick a choice's first `const` as its starting value.
const DEFAULTS = { constAsDefaults: 'never', emptyObjectFields: 'skipDefaults' } as const;

export interface FieldPreviewProps {
  field: FormField;
  value: unknown;
  /** Errors from the last "Check answers", until the answer changes. */
  errors?: ErrorSchema;
  readOnly?: boolean;
  onAnswer: (name: string, value: unknown) => void;
}

export const FieldPreview = memo(function FieldPreview({ field, value, errors, readOnly, onAnswer }: FieldPreviewProps) {
  const { schema, uiSchema } = fieldForm(field);
  const name = field.field_name;
  return (
    <Form
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={value === undefined ? {} : { [name]: value }}
      validator={validator}
      widgets={formWidgets}
      fields={formFields}
      readonly={readOnly}
      noHtml5Validate
      liveValidate="onBlur"
      showErrorList={false}
      transformErrors={previewErrors}
      translateString={rjsfWords}
      extraErrors={errors ? ({ [name]: errors } as ErrorSchema) : undefined}
      experimental_defaultFormStateBehavior={DEFAULTS}
      onChange={(e) => onAnswer(name, (e.formData as Record<string, unknown> | undefined)?.[name])}
    />
  );
});
