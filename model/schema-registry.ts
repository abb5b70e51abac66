/**
 * The schemas and the resource map as plain data, for the console and the servers alike.
 * Importing JSON keeps one source of truth: nothing here is copied out of schemas/.
 */
import resourcesJson from '../schemas/resources.json';
import { schemaList } from './generated/schema-list';
import type { ResourceName } from './generated/resource-names';
import type { Action, ResourceEntry, ResourceMap } from './generated';

export type { ResourceName };

export interface PropertySchema {
  type?: string | string[];
  title?: string;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  $ref?: string;
  'x-ref'?: string;
  'x-unique'?: boolean;
  'x-group'?: string;
  'x-messages'?: Record<string, string>;
  /** A hint the console shows under the input. */
  'x-help'?: string;
  [keyword: string]: unknown;
}

export interface EntitySchema {
  $id: string;
  title?: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}

/** Every schema the servers register with ajv; `$id` is how they refer to each other. */
export const allSchemas = schemaList as EntitySchema[];

/** The annotations our schemas may carry beyond standard JSON Schema (documented in docs/adding-an-entity.md, "Annotations in the schemas"). */
export const ANNOTATION_KEYWORDS = ['x-ref', 'x-unique', 'x-group', 'x-groups', 'x-messages', 'x-help'] as const;

/**
 * The map as loaded, keyed by any string: what arrives from outside (a URL, react-admin's
 * resource context) is looked up here. Test-only entities are added to it at run time.
 */
export const resourceMap = resourcesJson as unknown as ResourceMap;

/** Whether the map in use has this resource (the ones of resources.json, and any added at run time). */
export const isResourceName = (name: string): name is ResourceName => Object.hasOwn(resourceMap, name);

/** A name that came from outside the type system (react-admin, a URL), checked against the map in use. */
export function resourceNamed(name: string): ResourceName {
  if (!isResourceName(name)) throw new Error(`Unknown resource "${name}" (not in schemas/resources.json)`);
  return name;
}

/** Every entry of the map in use, with its name, in the map's order. */
export const resourceEntries = (): Array<[ResourceName, ResourceEntry]> =>
  Object.keys(resourceMap)
    .filter(isResourceName)
    .map((name) => [name, resourceMap[name]]);

export function resourceEntry(name: ResourceName): ResourceEntry {
  const entry = resourceMap[name];
  if (!entry) throw new Error(`Unknown resource "${name}" (not in schemas/resources.json)`);
  return entry;
}

export function schemaById(id: string): EntitySchema {
  const schema = allSchemas.find((s) => s.$id === id);
  if (!schema) throw new Error(`No schema with $id "${id}" in schemas/`);
  return schema;
}

export function resourceSchema(name: ResourceName): EntitySchema {
  return schemaById(resourceEntry(name).schema);
}

export function permissionFor(name: ResourceName, action: Action): string | undefined {
  return resourceEntry(name).permissions[action];
}

export interface PermissionFlag {
  name: string;
  label: string;
  group: string;
}

/** The flags in schema order, each with its checkbox label and group. */
const permissionSchema = schemaById('permission');

export const permissionFlags: PermissionFlag[] = Object.entries(permissionSchema.properties).map(([name, p]) => ({
  name,
  label: p.title ?? name,
  group: p['x-group'] ?? 'Other',
}));

export const permissionGroups: string[] = permissionSchema['x-groups'] as string[];

/** The columns a list shows by default: the map's `list.columns`, else every property but internal ones. */
export function listColumns(name: ResourceName): string[] {
  return resourceEntry(name).list?.columns ?? Object.keys(resourceSchema(name).properties).filter((p) => !p.startsWith('_'));
}

/** A human label for a property: its schema title, else the name itself. */
export function propertyLabel(schema: EntitySchema, property: string): string {
  return schema.properties[property]?.title ?? property;
}
