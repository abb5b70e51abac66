/**
 * An optional labelled choice is written `"type": ["string", "null"]` with a `oneOf` of consts,
 * yet JSON Schema read literally refuses null there: null equals none of the consts. The server
 * validates, and documents, what the shape means instead: null, or one of the choices.
 */
import type { EntitySchema, PropertySchema } from '@model/schema-registry.ts';
import { choiceOptions } from './choices.ts';

const isNullable = (p: PropertySchema) => Array.isArray(p.type) && p.type.includes('null');

/** `{ anyOf: [{ type: 'null' }, <the choice, non-null>] }` for a nullable choice; any other property as it is. */
export function nullableChoice(property: PropertySchema): PropertySchema {
  if (!isNullable(property) || !choiceOptions(property)) return property;
  const { type, oneOf, ...rest } = property;
  const valueTypes = (type as string[]).filter((t) => t !== 'null');
  // The branch keeps the title: a refusal names the field and the options' titles from it.
  const choice = { type: valueTypes.length === 1 ? valueTypes[0] : valueTypes, title: property.title, oneOf };
  return { ...rest, anyOf: [{ type: 'null' }, choice] };
}

/** The schema with each nullable choice accepting null (other schemas, and other properties, unchanged). */
export function withNullableChoices<T extends { properties?: unknown }>(schema: T): T {
  const properties = schema.properties as EntitySchema['properties'] | undefined;
  if (!properties || typeof properties !== 'object' || !Object.values(properties).some((p) => nullableChoice(p) !== p)) return schema;
  return { ...schema, properties: Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, nullableChoice(p)])) };
}
