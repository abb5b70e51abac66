/** Form inputs and their validators derived from the entity schema (the server applies the same rules). */
import type { ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  email,
  maxLength,
  minLength,
  regex,
  required,
  type Validator,
} from 'react-admin';
import { type EntitySchema, type PropertySchema, type ResourceName } from '@model/schema-registry';
import {
  booleanGroup,
  choicesOf,
  isLongText,
  isNullable,
  isNumeric,
  plainReference,
  referenceList,
  representationOf,
  textList,
} from './property-kinds';
import { BooleanGroupInput } from './BooleanGroupInput';
import { TextListInput } from './TextListInput';
import { pickableFilter } from './pickable';
import { UnpublishedFormsNote } from '../custom-form/list/UnpublishedFormsNote';
import { notBlank } from '../../shared/not-blank';
import { trimText } from '@model/trim-text';
import { translate } from '../../providers/i18n-provider';
import { schemaText } from '../../i18n/schema-text';
import { fieldLabel } from './schema-fields';

export function validatorsFor(property: PropertySchema, isRequired: boolean): Validator[] {
  const label = property.title ? schemaText(property.title) : translate('app.records.input.this_field');
  const worded = property['x-messages'] ?? {};
  const messages = Object.fromEntries(Object.entries(worded).map(([rule, text]) => [rule, schemaText(text)]));
  const validators: Validator[] = [];
  const requiredMessage = messages.required ?? translate('app.records.input.required', { label });
  // Only spaces or invisible characters are as missing as nothing: the server trims them off.
  if (isRequired) validators.push(required(requiredMessage), notBlank(requiredMessage));
  if (property.minLength && property.minLength > 1) {
    validators.push(
      minLength(property.minLength, messages.minLength ?? translate('app.records.input.min_length', { label, min: property.minLength })),
    );
  }
  if (property.maxLength)
    validators.push(
      maxLength(property.maxLength, messages.maxLength ?? translate('app.records.input.max_length', { label, max: property.maxLength })),
    );
  if (property.format === 'email') validators.push(email(messages.format ?? translate('app.records.input.email', { label })));
  if (property.pattern)
    validators.push(regex(new RegExp(property.pattern), messages.pattern ?? translate('app.records.input.pattern', { label })));
  if (property.type === 'array') validators.push(listValidator(property, label, messages));
  return validators;
}

/**
 * A list's rules, in the server's words: `minItems`, the fixed first items of a tuple (case
 * statuses start with Open and Closed), `uniqueItems`, each worded by the schema's x-messages.
 */
function listValidator(property: PropertySchema, label: string, messages: Record<string, string>): Validator {
  const min = typeof property.minItems === 'number' ? property.minItems : 0;
  const fixed = Array.isArray(property.items) ? (property.items as Array<{ const?: unknown }>).map((item) => item.const) : [];
  return (value: unknown) => {
    if (!Array.isArray(value)) return undefined;
    if (value.length < min) return messages.minItems ?? translate('app.records.input.min_items', { label, min });
    if (fixed.some((expected, i) => expected !== undefined && value[i] !== expected))
      return messages.items ?? translate('app.records.input.starts_with', { label, items: fixed.join(', ') });
    // Text compares trimmed and in any case, as the server compares it (server/crud/unique-text-items.ts).
    const key = (v: unknown) => (typeof v === 'string' ? trimText(v).toLocaleLowerCase() : JSON.stringify(v));
    if (property.uniqueItems && new Set(value.map(key)).size !== value.length)
      return messages.uniqueItems ?? translate('app.records.input.unique_items', { label });
    return undefined;
  };
}

/**
 * A pattern of digits only (e.g. ^[0-9]{10}$): the input offers a numeric keypad, drops
 * anything else typed or pasted ("98765 43210" keeps its digits) and stops at the limit.
 */
export const isDigitsOnly = (property: PropertySchema) =>
  typeof property.pattern === 'string' && /^\^(\[0-9\]|\\d)(\{\d+(,\d*)?\}|[*+])\$$/.test(property.pattern);

const digitsOnly = (limit?: number) => (value: unknown) => (typeof value === 'string' ? value.replace(/\D+/g, '').slice(0, limit) : value);

export function schemaInput(schema: EntitySchema, source: string, opts: { autoFocus?: boolean; required?: boolean } = {}) {
  const property = schema.properties[source] ?? {};
  const isRequired = opts.required ?? (schema.required ?? []).includes(source);
  const common = {
    source,
    label: fieldLabel(schema, source),
    validate: validatorsFor(property, isRequired),
    fullWidth: true,
  };
  // Text inputs stop at the schema's limit (e.g. Mobile No.: 10 characters, spec 1 §9).
  // A digits-only input cuts after dropping the other characters, so a pasted "98765 43210" fits.
  const numeric = isDigitsOnly(property);
  const htmlInput = numeric
    ? { inputMode: 'numeric', pattern: '[0-9]*' }
    : property.maxLength
      ? { maxLength: property.maxLength }
      : undefined;
  const limit = htmlInput ? { slotProps: { htmlInput } } : {};
  const parse = numeric ? { parse: digitsOnly(property.maxLength) } : emptyValue(property);
  const reference = plainReference(property);
  if (reference)
    return <ReferencePicker key={source} source={source} reference={reference} label={common.label} validate={common.validate} />;
  const references = referenceList(property);
  if (references)
    return (
      <ReferenceListPicker
        key={source}
        source={source}
        reference={references}
        label={common.label}
        validate={common.validate}
        defaultValue={property.default as string[] | undefined}
      />
    );
  const texts = textList(property);
  if (texts)
    return (
      <TextListInput
        key={source}
        source={source}
        label={common.label}
        validate={common.validate}
        fixed={texts.fixed}
        defaultValue={property.default as string[] | undefined}
        helperText={
          property['x-help'] ? translate('app.records.input.list_help_after', { description: schemaText(property['x-help']) }) : undefined
        }
      />
    );
  const flags = booleanGroup(property);
  if (flags)
    return (
      <BooleanGroupInput
        key={source}
        source={source}
        label={common.label}
        validate={common.validate}
        choices={flags}
        defaultValue={property.default as Record<string, boolean> | undefined}
      />
    );
  if (property.type === 'boolean') return <BooleanInput key={source} {...common} />;
  const choices = choicesOf(property);
  // An optional choice offers an empty option (react-admin's, when not required) and sends null for it.
  if (choices) return <SelectInput key={source} {...common} choices={choices} defaultValue={property.default} {...emptyValue(property)} />;
  // A number is sent as a JSON number (null when cleared), never as the text typed.
  if (isNumeric(property)) return <NumberInput key={source} {...common} step={[property.type].flat().includes('integer') ? 1 : 'any'} />;
  if (property.writeOnly) return <PasswordInput key={source} {...common} {...limit} />;
  // A long text gets room for a few lines.
  const lines = isLongText(property) ? { multiline: true, minRows: 2, maxRows: 8 } : {};
  return <TextInput key={source} {...common} {...limit} {...parse} {...lines} autoFocus={opts.autoFocus} />;
}

/**
 * A cleared text input or choice: null for a property that may be null (the server stores NULL and a
 * later read shows it empty), an empty string for one that may not (the server then names the
 * rule it breaks, rather than refusing a null it never takes).
 */
function emptyValue(property: PropertySchema) {
  const empty = isNullable(property) ? null : '';
  return { parse: (value: string) => (value === '' ? empty : value) };
}

/** A form picker lists published forms only (pickable.ts): it says so, and names the drafts left out. */
const withDraftsNote = (picker: ReactNode) => (
  <>
    {picker}
    <UnpublishedFormsNote />
  </>
);

/** Picks a referenced record by name: active ones only, searched (`q`) and paged by the server. */
const ReferencePicker = ({
  source,
  reference,
  label,
  validate,
}: {
  source: string;
  reference: ResourceName;
  label: string;
  validate: Validator[];
}) => {
  const name = representationOf(reference);
  const picker = (
    <ReferenceInput
      source={source}
      reference={reference}
      filter={pickableFilter(reference)}
      sort={name ? { field: name, order: 'ASC' } : undefined}
      perPage={20}
    >
      <AutocompleteInput label={label} validate={validate} fullWidth />
    </ReferenceInput>
  );
  return reference === 'custom-form' ? withDraftsNote(picker) : picker;
};

/** Picks several referenced records by name (e.g. an event type's pre-event forms): the same records a single picker offers. */
const ReferenceListPicker = ({
  source,
  reference,
  label,
  validate,
  defaultValue,
}: {
  source: string;
  reference: ResourceName;
  label: string;
  validate: Validator[];
  defaultValue?: string[];
}) => {
  const name = representationOf(reference);
  const picker = (
    <ReferenceArrayInput
      source={source}
      reference={reference}
      filter={pickableFilter(reference)}
      sort={name ? { field: name, order: 'ASC' } : undefined}
      perPage={20}
    >
      <AutocompleteArrayInput label={label} validate={validate} fullWidth defaultValue={defaultValue} />
    </ReferenceArrayInput>
  );
  return reference === 'custom-form' ? withDraftsNote(picker) : picker;
};
