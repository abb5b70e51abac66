/** Request-body schemas derived from an entity schema, so the server validates with the very same rules. */
import type { EntitySchema, PropertySchema } from '@model/schema-registry.ts';
import { nullableChoice } from './nullable-choices.ts';

export type WriteMode = 'create' | 'update';

export function writeSchema(schema: EntitySchema, mode: WriteMode): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, p]) => !p.readOnly)
      .map(([name, p]): [string, PropertySchema] => [name, p['x-ref'] ? referenceId(p) : referenceIds(nullableChoice(withSafeRange(p)))])
      // A default belongs to creation only: on PATCH it would silently overwrite the stored value.
      .map(([name, p]) => [name, mode === 'update' ? withoutDefault(p) : p]),
  );
  const required = (schema.required ?? []).filter((name) => name in properties);
  return {
    type: 'object',
    title: schema.title,
    additionalProperties: false,
    properties,
    ...(mode === 'create' ? { required } : { minProperties: 1 }),
  };
}

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

function withoutDefault<T extends { default?: unknown }>(property: T): Omit<T, 'default'> {
  const { default: _ignored, ...rest } = property;
  return rest;
}

/**
 * A reference is written as the other record's id (users read theirs back as objects); an
 * optional one (`"type": ["string", "null"]`) may be cleared with null.
 */
function referenceId(property: PropertySchema): PropertySchema {
  const nullable = Array.isArray(property.type) && property.type.includes('null');
  return {
    type: nullable ? ['string', 'null'] : 'string',
    minLength: 1,
    maxLength: 64,
    title: property.title,
    'x-ref': property['x-ref'],
    'x-messages': property['x-messages'],
  };
}

/** A list of references is written as the other records' ids, each as long as an id can be. */
function referenceIds(property: PropertySchema): PropertySchema {
  const items = property.items as PropertySchema | undefined;
  if (property.type !== 'array' || !items || Array.isArray(items) || !items['x-ref']) return property;
  return { ...property, items: { ...items, minLength: 1, maxLength: 64 } };
}

/**
 * An integer is kept exactly only within ±Number.MAX_SAFE_INTEGER: JSON numbers are doubles, so
 * 9007199254740993 would arrive as …992 and be stored as that. Beyond it a write is refused,
 * naming the field; a tighter bound of the schema's own stays.
 */
function withSafeRange(property: PropertySchema): PropertySchema {
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (!types.includes('integer')) return property;
  const own = (bound: unknown) => (typeof bound === 'number' ? bound : undefined);
  return {
    ...property,
    minimum: Math.max(own(property.minimum) ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
    maximum: Math.min(own(property.maximum) ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  };
}
