/**
 * The program form's rules (spec 2 §5), with the schema's wording: name required; description
 * required on add; days before editing is disabled required, whole, at least 0; documents access
 * ALL or OWN, required; at least one program head on edit. The server applies the same rules.
 */
import { maxLength, minValue, required, type Validator } from 'react-admin';
import { resourceSchema } from '@model/schema-registry';
import { notBlank } from '../../../shared/not-blank';

const props = resourceSchema('program').properties;
const messages = (source: string) => props[source]?.['x-messages'] ?? {};

export const HEAD_REQUIRED = 'Program head is required';

const wholeNumber =
  (message: string): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : message;

export const nameRules: Validator[] = [
  required(messages('name').required ?? 'Program name is required'),
  notBlank(messages('name').required ?? 'Program name is required'),
  maxLength(props.name?.maxLength ?? 120, `Program name must be at most ${props.name?.maxLength ?? 120} characters`),
];

export const descriptionRules = (adding: boolean): Validator[] => [
  ...(adding
    ? [
        required(messages('description').required ?? 'Description is required'),
        notBlank(messages('description').required ?? 'Description is required'),
      ]
    : []),
  maxLength(props.description?.maxLength ?? 5000, `Description must be at most ${props.description?.maxLength ?? 5000} characters`),
];

export const daysRules: Validator[] = [
  required(messages('no_of_days_for_edit_program').required),
  wholeNumber(messages('no_of_days_for_edit_program').type ?? 'Days before editing is disabled must be a whole number'),
  minValue(0, messages('no_of_days_for_edit_program').minimum),
];

export const documentVisibleRules: Validator[] = [
  required(messages('documentVisible').required ?? 'Documents access permission is required'),
];

export const headRules = (adding: boolean): Validator[] => (adding ? [] : [required(HEAD_REQUIRED)]);

/** ALL or OWN, labelled as the schema labels them. */
export const DOCUMENT_ACCESS_CHOICES = ((props.documentVisible?.oneOf ?? []) as Array<{ const: string; title: string }>).map((o) => ({
  id: o.const,
  name: o.title,
}));
