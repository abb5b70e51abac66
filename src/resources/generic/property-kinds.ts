/**
 * What kind of value a schema property holds, as the console's fields and inputs need to know:
 * a reference in the plain shape (the referenced record's id), labelled choices, a nullable text.
 */
import { resourceEntry, resourceNamed, type PropertySchema, type ResourceName } from '@model/schema-registry';
import { schemaText } from '../../i18n/schema-text';

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

/**
 * The resource a list of references points at (`"type": "array"` whose items are plain
 * references: `{ "type": "string", "x-ref": ... }`), e.g. an event type's pre-event forms.
 */
export function referenceList(property: PropertySchema): ResourceName | undefined {
  if (!types(property).includes('array')) return undefined;
  const items = property.items as PropertySchema | undefined;
  return items && !Array.isArray(items) && typeof items === 'object' ? plainReference(items) : undefined;
}

/**
 * A list of texts: `"items": { "type": "string" }`, or a tuple of fixed texts (`const`) that
 * always come first followed by texts of the person's own (`additionalItems`), e.g. a case
 * type's statuses that start with Open and Closed. Answers the fixed ones (none for a plain list).
 */
export function textList(property: PropertySchema): { fixed: string[] } | undefined {
  if (!types(property).includes('array')) return undefined;
  const items = property.items as PropertySchema | PropertySchema[] | undefined;
  if (Array.isArray(items)) {
    const more = property.additionalItems as PropertySchema | undefined;
    const fixed = items.map((i) => i.const);
    if (fixed.every((c): c is string => typeof c === 'string') && more && types(more).includes('string')) return { fixed };
    return undefined;
  }
  return items && types(items).includes('string') && !items['x-ref'] ? { fixed: [] } : undefined;
}

/** An object of yes/no flags (e.g. the optional fields a type asks for): its flags as labelled choices, in schema order. */
export function booleanGroup(property: PropertySchema): Choice[] | undefined {
  if (!types(property).includes('object')) return undefined;
  const flags = Object.entries((property.properties ?? {}) as Record<string, PropertySchema>);
  if (!flags.length || !flags.every(([, p]) => p.type === 'boolean')) return undefined;
  return flags.map(([id, p]) => ({ id, name: p.title ? schemaText(p.title) : id }));
}

/** Long text (more than a line or two may be written): lists show its start only. */
export const isLongText = (property: PropertySchema) => types(property).includes('string') && (property.maxLength ?? 0) > 500;

/** Labelled choices: `oneOf` of `{ const, title }` (the title is what a person reads), or a plain `enum`. */
export function choicesOf(property: PropertySchema): Choice[] | undefined {
  const oneOf = property.oneOf;
  if (Array.isArray(oneOf) && oneOf.length && oneOf.every((o) => o && typeof o === 'object' && 'const' in o)) {
    return (oneOf as Array<{ const: unknown; title?: string }>).map((o) => ({
      id: String(o.const),
      name: o.title ? schemaText(o.title) : String(o.const),
    }));
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
