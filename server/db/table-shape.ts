/**
 * What a generic resource's table must look like, derived from its schema alone: one column per
 * property, typed from the JSON Schema type; a reference (`x-ref`) is a text column with a
 * foreign key `on delete restrict`; a labelled choice (`oneOf` of `const`) or an `enum` is a text
 * column with a CHECK; a required property (or one with a default) is NOT NULL, an optional one
 * nullable. A property the table cannot hold faithfully is refused here, by name, rather than
 * stored as jsonb by accident.
 */
import { createHash } from 'node:crypto';
import { resourceEntries, resourceMap, resourceSchema, type PropertySchema, type ResourceName } from '@model/schema-registry.ts';
import { toColumn } from './columns.ts';
import { CUSTOM_TABLES } from './custom-tables.ts';
import { SchemaTableError } from './schema-table-error.ts';

export interface ColumnShape {
  /** The schema property the column holds. */
  property: string;
  column: string;
  /** As PostgreSQL's format_type() spells it, which is also valid DDL. */
  type: string;
  notNull: boolean;
  default?: unknown;
  references?: { resource: string; table: string };
  choices?: string[];
  unique: boolean;
}

export interface TableShape {
  resource: string;
  table: string;
  /** Where the schema lives, for messages. */
  schemaFile: string;
  columns: ColumnShape[];
}

/** Columns every generic table has, kept by the server rather than written by clients. */
export const MANAGED_COLUMNS: ColumnShape[] = [
  { property: '_id', column: 'id', type: 'text', notNull: true, unique: false },
  { property: 'createdAt', column: 'created_at', type: 'timestamp with time zone', notNull: true, unique: false },
  { property: 'updatedAt', column: 'updated_at', type: 'timestamp with time zone', notNull: true, unique: false },
];
const MANAGED_PROPERTIES = new Set(MANAGED_COLUMNS.map((c) => c.property));

export function genericResources(): ResourceName[] {
  return resourceEntries()
    .filter(([, entry]) => entry.routes === 'generic')
    .map(([name]) => name);
}

/** The table holding a resource's records, for foreign keys. */
export function tableOf(resource: string): string | undefined {
  const entry = resourceMap[resource];
  if (!entry) return undefined;
  return entry.routes === 'generic' ? resource : CUSTOM_TABLES[resource]?.table;
}

const REFERENCE_SHAPE = '{ "type": "string", "x-ref": "<resource>" } (with "type": ["string", "null"] when optional)';
const CHOICE_SHAPE = '{ "type": "string", "oneOf": [{ "const": "a", "title": "A" }, ...] } or a string "enum"';

function refuse(resource: string, property: string, why: string): never {
  throw new SchemaTableError(
    `Resource "${resource}", property "${property}": ${why}\n` +
      `(schemas/${resourceMap[resource]?.schema ?? resource}.schema.json; the server stopped before creating or changing the table)`,
  );
}

/** JSON Schema `type` without "null": what the value is when there is one. */
function valueTypes(p: PropertySchema): string[] {
  const types = p.type === undefined ? [] : Array.isArray(p.type) ? p.type : [p.type];
  return types.filter((t) => t !== 'null');
}

function describeShape(p: PropertySchema): string {
  const { title: _t, description: _d, 'x-messages': _m, ...rest } = p;
  return JSON.stringify(rest);
}

function referenceOf(resource: string, name: string, p: PropertySchema): ColumnShape['references'] {
  const target = p['x-ref'] as string;
  const types = valueTypes(p);
  const plain = types.length === 1 && types[0] === 'string' && !p.oneOf && !p.anyOf && !p.enum && !p.format && !p.$ref;
  if (!plain) {
    refuse(
      resource,
      name,
      `a reference to "${target}" written as ${describeShape(p)} has no column type. A generic resource writes a reference as ${REFERENCE_SHAPE}; the id-or-object "oneOf" form is for resources with custom routes only.`,
    );
  }
  const table = tableOf(target);
  if (!table)
    refuse(
      resource,
      name,
      `"x-ref": "${target}" names no resource whose table a foreign key can point at (resources.json: a generic resource, or one of ${Object.keys(CUSTOM_TABLES).join(', ')}).`,
    );
  return { resource: target, table };
}

function choicesOf(resource: string, name: string, p: PropertySchema): string[] | undefined {
  if (p.oneOf !== undefined) {
    const items = p.oneOf as Array<Record<string, unknown>>;
    const types = valueTypes(p);
    const labelled =
      Array.isArray(items) && items.length > 0 && items.every((i) => typeof i === 'object' && i !== null && typeof i.const === 'string');
    if (!labelled || (types.length > 0 && (types.length !== 1 || types[0] !== 'string'))) {
      refuse(resource, name, `${describeShape(p)} has no column type. A choice is ${CHOICE_SHAPE}; a reference is ${REFERENCE_SHAPE}.`);
    }
    return items.map((i) => i.const as string);
  }
  if (p.enum !== undefined) {
    const values = (p.enum as unknown[]).filter((v) => v !== null);
    if (!values.length || !values.every((v) => typeof v === 'string') || valueTypes(p).some((t) => t !== 'string')) {
      refuse(resource, name, `the enum ${JSON.stringify(p.enum)} is not a list of strings; choices are ${CHOICE_SHAPE}.`);
    }
    return values as string[];
  }
  return undefined;
}

function columnType(resource: string, name: string, p: PropertySchema): string {
  for (const keyword of ['anyOf', 'allOf', '$ref', 'not', 'if']) {
    if (p[keyword] !== undefined)
      refuse(resource, name, `"${keyword}" (${describeShape(p)}) has no column type; give the property one plain "type".`);
  }
  const types = valueTypes(p);
  if (types.length !== 1) {
    refuse(
      resource,
      name,
      types.length
        ? `a value of several types (${types.join(', ')}) has no column type; give the property one "type" (plus "null" when optional).`
        : `no "type", so no column type; give the property one.`,
    );
  }
  const [type] = types;
  if (type === 'string') return p.format === 'date-time' ? 'timestamp with time zone' : 'text';
  const mapped = { boolean: 'boolean', integer: 'bigint', number: 'double precision', object: 'jsonb', array: 'jsonb' }[type!];
  if (!mapped) refuse(resource, name, `"type": "${type}" is not a JSON Schema type.`);
  return mapped;
}

export function columnShape(resource: string, name: string, p: PropertySchema, required: boolean): ColumnShape {
  const shape: ColumnShape = {
    property: name,
    column: toColumn(name),
    type: 'text',
    notNull: required || p.default !== undefined,
    unique: Boolean(p['x-unique']),
  };
  if (p.default !== undefined) shape.default = p.default;
  if (p['x-ref'] !== undefined) {
    shape.references = referenceOf(resource, name, p);
    return shape;
  }
  const choices = choicesOf(resource, name, p);
  if (choices) {
    shape.choices = choices;
    return shape;
  }
  shape.type = columnType(resource, name, p);
  return shape;
}

/** The table one generic resource needs. Throws SchemaTableError naming any property it cannot hold. */
export function tableShape(resource: ResourceName): TableShape {
  const schema = resourceSchema(resource);
  const required = new Set(schema.required ?? []);
  const columns = [...MANAGED_COLUMNS];
  for (const [name, p] of Object.entries(schema.properties)) {
    if (MANAGED_PROPERTIES.has(name)) continue;
    columns.push(columnShape(resource, name, p, required.has(name)));
  }
  return { resource, table: resource, schemaFile: `schemas/${schema.$id}.schema.json`, columns };
}

/** PostgreSQL cuts identifiers longer than 63 bytes, which could give two columns one name. */
const MAX_IDENTIFIER = 63;
const HASH_LENGTH = 8;

/** The longest prefix of `text` within `bytes` UTF-8 bytes, never splitting a character. */
function prefixWithin(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

/**
 * `<table>_<column>_<kind>`, as PostgreSQL stores it. A name too long for an identifier keeps a
 * prefix, then a hash of the whole name, then the kind: distinct per table and column, the same
 * on every start, and still ending in its kind. Names that fit are unchanged, so existing tables
 * keep matching.
 */
export function constraintName(table: string, column: string, suffix: 'fkey' | 'choices' | 'unique'): string {
  const full = `${table}_${column}_${suffix}`;
  if (Buffer.byteLength(full) <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, HASH_LENGTH);
  const tail = `_${hash}_${suffix}`;
  return `${prefixWithin(`${table}_${column}`, MAX_IDENTIFIER - tail.length)}${tail}`;
}
