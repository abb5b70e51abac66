/**
 * What kind of value a schema property holds, as the console's fields and inputs need to know:
 * a reference in the plain shape (the referenced record's id), labelled choices, a nullable text.
 */
import { resourceEntry, resourceNamed, type PropertySchema, type ResourceName } from '@model/schema-registry';

export interface Choice {
  id: string;
  name: string;
}

const types = (property: PropertySchema) => (Array.isArray(property.type) ? property.type : [property.type]);

/**
 * The resource a reference property points at, when it is read and written as that record's id
 * (`"type": "string"` or `["string", "null"]` plus `x-ref`). A reference in the user's own shape
 * (`oneOf` of an id and an object: objects on read) is not one: its rows carry the name already.
 */
export function plainReference(property: PropertySchema): ResourceName | undefined {
  const target = property['x-ref'];
  if (!target || property.oneOf || !types(property).includes('string')) return undefined;
  return resourceNamed(target);
}

/** Labelled choices: `oneOf` of `{ const, title }` (the title is what a person reads), or a plain `enum`. */
export function choicesOf(property: PropertySchema): Choice[] | undefined {
  const oneOf = property.oneOf;
  if (Array.isArray(oneOf) && oneOf.length && oneOf.every((o) => o && typeof o === 'object' && 'const' in o)) {
    return (oneOf as Array<{ const: unknown; title?: string }>).map((o) => ({ id: String(o.const), name: o.title ?? String(o.const) }));
  }
  if (property.enum) return property.enum.map((v) => ({ id: String(v), name: String(v) }));
  return undefined;
}

/** An optional value a person may clear: the console sends null for it, never an empty string. */
export const isNullable = (property: PropertySchema) => types(property).includes('null');

/** A number or an integer, perhaps optional. */
export const isNumeric = (property: PropertySchema) => types(property).some((t) => t === 'integer' || t === 'number');

/** The property that names a record of this resource (the map's `recordRepresentation`), if any. */
export const representationOf = (resource: ResourceName): string | undefined => resourceEntry(resource).recordRepresentation;
