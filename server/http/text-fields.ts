/**
 * Text is stored trimmed (model/trim-text.ts: whitespace and invisible characters such as a
 * zero-width space off both ends), so ' X', 'X\u200B' and 'X' are one name (and one unique
 * value). A field that is blank once trimmed is as missing as '' and refused where the schema requires it (an
 * optional, nullable one is cleared instead); one that gets shorter than its minLength is
 * refused with that rule's message.
 */
import type { EntitySchema, PropertySchema } from '@model/schema-registry.ts';
import { trimText } from '@model/trim-text.ts';
import { problems } from './errors.ts';

const isText = (p: PropertySchema | undefined): p is PropertySchema =>
  !!p && !p.writeOnly && (p['x-ref'] !== undefined || p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string')));

const isNullable = (p: PropertySchema | undefined) => Array.isArray(p?.type) && p.type.includes('null');

/** Field → message for every text field of `body` that trimming leaves blank or too short. */
export function trimmedTextProblems(
  body: Record<string, unknown>,
  schema: EntitySchema,
  fields?: readonly string[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    const property = schema.properties[field];
    if (typeof value !== 'string' || !isText(property) || (fields && !fields.includes(field))) continue;
    const trimmed = trimText(value);
    const label = property.title ?? field;
    const min = property.minLength ?? 0;
    // A minLength does not make an optional field required: blank clears it (trimTextFields).
    const required = (schema.required ?? []).includes(field) || (min >= 1 && !isNullable(property));
    if (trimmed === '' && required) found[field] = property['x-messages']?.required ?? `${label} is required`;
    else if (trimmed !== '' && trimmed.length < min)
      found[field] = property['x-messages']?.minLength ?? `${label} must be at least ${min} characters`;
  }
  return found;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body with every text field of the schema trimmed, and the text items of its lists
 * (passwords and other write-only fields as sent), and an optional (nullable) field left blank turned into null, as the console sends a
 * cleared one: so an empty value has one form that lists sort last, and validation sees it as
 * cleared rather than as blank text too short for the field. Anything but an object is left for
 * validation to refuse.
 */
export function trimTextFields<T>(body: T, schema: EntitySchema): T {
  if (!isPlainObject(body)) return body;
  const trimmed = (field: string, value: unknown) => {
    const property = schema.properties[field];
    // A list's text items too (case statuses, checklist items): blank ones are then refused by the items' minLength.
    if (Array.isArray(value) && property?.type === 'array' && !property.writeOnly)
      return value.map((item) => (typeof item === 'string' ? trimText(item) : item));
    if (typeof value !== 'string' || !isText(property)) return value;
    const text = trimText(value);
    return text === '' && isNullable(property) ? null : text;
  };
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [field, trimmed(field, value)])) as T;
}

/** Refuses (400 naming each field) text that trimming left blank where the field is required, or too short. */
export function assertTrimmedText(body: Record<string, unknown>, schema: EntitySchema): void {
  const found = trimmedTextProblems(body, schema);
  if (Object.keys(found).length) throw problems.validation(found);
}
