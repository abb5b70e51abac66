/**
 * Turns ajv's errors into messages a person can act on, named after the schema's titles:
 * { name: 'Name is required', email: 'Email must be a valid e-mail address' }.
 */
import type { ErrorObject } from 'ajv';
import { choiceMessage, choiceOptions } from './choices.ts';

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  'x-messages'?: Record<string, string>;
  [k: string]: unknown;
}

/**
 * An error about one item of a list property (`/case_type_status/2`) is the property's: the
 * person fixes the list, not "case_type_status.2". An item the tuple's `items` fixes (Open,
 * Closed first) answers the property's `x-messages.items`; any other item's error names its
 * position ("Statuses: item 3 is required").
 */
function listItemError(error: ErrorObject, body: SchemaNode | undefined): { field: string; message: string } | undefined {
  const [name, index, ...rest] = error.instancePath.split('/').filter(Boolean);
  if (!name || index === undefined || rest.length || !/^\d+$/.test(index)) return undefined;
  const property = body?.properties?.[name];
  if (!property || property.type !== 'array') return undefined;
  const label = property.title ?? name;
  const position = Number(index);
  const fixed = Array.isArray(property.items) && position < property.items.length;
  const custom = fixed ? property['x-messages']?.items : undefined;
  if (custom) return { field: name, message: custom };
  return { field: name, message: describe(error, `${label}: item ${position + 1}`, error.parentSchema as SchemaNode | undefined) };
}

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties') path.push((error.params as { additionalProperty: string }).additionalProperty);
  return path.join('.') || '(body)';
}

function propertySchema(error: ErrorObject, field: string): SchemaNode | undefined {
  const parent = error.parentSchema as SchemaNode | undefined;
  if (error.keyword === 'required' || error.keyword === 'additionalProperties') {
    return parent?.properties?.[field.split('.').pop()!];
  }
  return parent;
}

function describe(error: ErrorObject, label: string, schema?: SchemaNode): string {
  const custom =
    schema?.['x-messages']?.[error.keyword === 'minLength' && (error.params as { limit: number }).limit === 1 ? 'required' : error.keyword];
  if (custom) return custom;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'additionalProperties':
      return `${label} is not a field that can be set here`;
    case 'minLength':
      return p.limit === 1 ? `${label} is required` : `${label} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${label} must be at most ${p.limit} characters`;
    case 'format':
      return p.format === 'email' ? `${label} must be a valid e-mail address` : `${label} must be a valid ${p.format}`;
    case 'type':
      if (error.instancePath === '' && error.data == null) return 'The request body is missing; send a JSON object';
      return `${label} must be ${typeName(String(p.type))}`;
    case 'enum':
      return `${label} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return `${label} has an invalid format`;
    case 'minimum':
      return `${label} must be at least ${p.limit}`;
    case 'maximum':
      return `${label} must be at most ${p.limit}`;
    case 'minProperties':
      return 'Send at least one field to change';
    case 'minItems':
      return `${label} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${label} must have at most ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return `${label} must not list the same value twice`;
    case 'const':
      return `${label} must be ${JSON.stringify(p.allowedValue)}`;
    default:
      return `${label} ${error.message ?? 'is invalid'}`;
  }
}

/** "an object", "a string or null" */
function typeName(type: string): string {
  return type
    .split(',')
    .map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : t === 'null' ? 'null' : `a ${t}`))
    .join(' or ');
}

/** `body`: the schema the body was checked against, so an error inside a list names the list (listItemError). */
export function validationFields(errors: ErrorObject[], body?: SchemaNode): Record<string, string> {
  const fields: Record<string, string> = {};
  // A labelled choice refused: its branches' "must be equal to constant" say less than its titles.
  for (const error of errors) {
    const schema = error.parentSchema as SchemaNode | undefined;
    if (error.keyword === 'oneOf' && choiceOptions(schema))
      fields[fieldName(error)] ??= choiceMessage(schema!, schema!.title ?? fieldName(error));
  }
  for (const error of errors) {
    if (error.keyword === 'oneOf' || error.keyword === 'if') continue; // the branch errors say more
    const item = listItemError(error, body);
    if (item) {
      fields[item.field] ??= item.message;
      continue;
    }
    const field = fieldName(error);
    if (fields[field]) continue;
    const schema = propertySchema(error, field);
    fields[field] = describe(error, schema?.title ?? field, schema);
  }
  return fields;
}
