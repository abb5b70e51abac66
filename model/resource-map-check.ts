/**
 * The checks that keep the resource map and the schemas consistent with each other: a typo in a
 * flag, column, icon or reference must stop codegen and the servers with a message naming it,
 * not lock everyone out of an entity at run time. Pure functions of the data they are given, so
 * codegen can check the files on disk (its generated modules may be stale) and tests can feed
 * broken copies; model/resource-map.ts runs them on the live registries.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { MENU_ICON_NAMES, isMenuIconName } from './menu-icons';

/** One mistake: the file it is in, where in that file (entry and key), and what is wrong. */
export interface ModelProblem {
  file: string;
  at: string;
  message: string;
}

type JsonObject = Record<string, unknown>;

/** A schema as loaded from schemas/: only `$id` and `properties` matter here. */
export interface SchemaLike {
  $id?: string;
  properties?: Record<string, unknown>;
  [keyword: string]: unknown;
}

export const MAP_FILE = 'schemas/resources.json';
export const schemaFile = (id: string) => `schemas/${id}.schema.json`;

export const problemLine = (p: ModelProblem) => `${p.file}: ${p.at}: ${p.message}`;

/** Thrown when the model does not check: the first problem first, then the rest, one a line. */
export class ModelError extends Error {
  constructor(readonly problems: ModelProblem[]) {
    const [first, ...rest] = problems.map(problemLine);
    super(rest.length ? `${first}\n...and ${rest.length} more:\n${rest.map((l) => `  ${l}`).join('\n')}` : first);
    this.name = 'ModelError';
  }
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const quoted = (v: unknown) => JSON.stringify(v);
/** A value that names one property or several (`list.search`). */
const names = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : [];
/** A JSON path as people read it: site.list.columns[2]. */
const dotted = (segments: Array<string | number>) =>
  segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

/** `"string"` or `["string", "null"]` (in either order): what a text column holds. */
function isStringType(type: unknown): boolean {
  if (type === 'string') return true;
  return Array.isArray(type) && type.length === 2 && type.includes('string') && type.includes('null');
}

// ---------------------------------------------------------------------------------------------
// The map against its own schema (resources.schema.json)

function describeAjvError(error: ErrorObject): { at: string; message: string } {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));
  const at = dotted(path) || '(top level)';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as JsonObject | undefined)?.properties ?? {});
      return {
        at,
        message: `unknown key ${quoted(params.additionalProperty)}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`,
      };
    }
    case 'required':
      return { at, message: `missing key ${quoted(params.missingProperty)}` };
    case 'enum':
      return { at, message: `${quoted(error.data)} is not one of ${(params.allowedValues as unknown[]).map(quoted).join(', ')}` };
    case 'pattern':
      if (error.propertyName !== undefined)
        return {
          at: error.propertyName,
          message: `${quoted(error.propertyName)} is no resource name: use lower-case letters, digits, _ and - (${params.pattern})`,
        };
      return { at, message: `${quoted(error.data)} must match ${params.pattern}` };
    case 'oneOf': {
      const forms =
        ((error.parentSchema as JsonObject | undefined)?.oneOf as JsonObject[] | undefined)?.map((s) => s.type).filter(Boolean) ?? [];
      return { at, message: forms.length ? `must be a ${forms.join(' or an ')}` : 'matches none of the allowed forms' };
    }
    default:
      return { at, message: error.message ?? error.keyword };
  }
}

/**
 * ajv's errors, minus the echoes: why each branch of a failed oneOf failed (the oneOf itself
 * says it), and propertyNames' summary of the pattern error that names the key.
 */
function meaningfulErrors(errors: ErrorObject[]): ErrorObject[] {
  const failedOneOfs = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.schemaPath);
  const insideFailedOneOf = (e: ErrorObject) => failedOneOfs.some((p) => e.schemaPath.startsWith(`${p}/`));
  return errors.filter((e) => e.keyword !== 'propertyNames' && !insideFailedOneOf(e));
}

/** Compiling takes longer than checking: one validator per map schema object. */
const compiled = new WeakMap<SchemaLike, ValidateFunction>();

function checkAgainstMapSchema(schemas: readonly SchemaLike[], map: unknown): ModelProblem[] {
  const mapSchema = schemas.find((s) => s.$id === 'resources');
  if (!mapSchema)
    return [
      {
        file: MAP_FILE,
        at: '(schema)',
        message: `no schema with "$id": "resources" to check the map against (${schemaFile('resources')})`,
      },
    ];
  let validate = compiled.get(mapSchema);
  try {
    if (!validate) {
      const { $schema: _draft, ...schema } = mapSchema;
      validate = new Ajv({ allErrors: true, verbose: true, strict: true }).compile(schema);
      compiled.set(mapSchema, validate);
    }
  } catch (err) {
    return [{ file: schemaFile('resources'), at: '(schema)', message: `cannot be compiled: ${(err as Error).message}` }];
  }
  if (validate(map)) return [];
  return meaningfulErrors(validate.errors ?? []).map((e) => ({ file: MAP_FILE, ...describeAjvError(e) }));
}

// ---------------------------------------------------------------------------------------------
// Each entry against the schemas it names

function checkEntry(name: string, entry: JsonObject, schemas: readonly SchemaLike[], flags: Set<string> | undefined): ModelProblem[] {
  const found: ModelProblem[] = [];
  const problem = (key: string, message: string) => found.push({ file: MAP_FILE, at: `${name}.${key}`, message });

  if (isObject(entry.permissions) && flags) {
    for (const [action, flag] of Object.entries(entry.permissions)) {
      if (typeof flag === 'string' && !flags.has(flag))
        problem(`permissions.${action}`, `${quoted(flag)} is not a flag of ${schemaFile('permission')}`);
    }
  }

  if (isObject(entry.menu) && typeof entry.menu.icon === 'string' && !isMenuIconName(entry.menu.icon)) {
    problem(
      'menu.icon',
      `${quoted(entry.menu.icon)} is not a known icon (known: ${MENU_ICON_NAMES.join(', ')}; add one in model/menu-icons.ts)`,
    );
  }

  if (typeof entry.schema !== 'string') return found;
  const schema = schemas.find((s) => s.$id === entry.schema);
  if (!schema) {
    problem('schema', `${quoted(entry.schema)} names no schema (no "$id": ${quoted(entry.schema)} in schemas/)`);
    return found;
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const notAProperty = (key: string, value: string) => problem(key, `${quoted(value)} is not a property of schema ${quoted(entry.schema)}`);
  const mustBeProperties = (key: string, value: unknown) => {
    for (const property of names(value)) if (!Object.hasOwn(properties, property)) notAProperty(key, property);
  };

  const list = isObject(entry.list) ? entry.list : {};
  const form = isObject(entry.form) ? entry.form : {};
  mustBeProperties('list.columns', list.columns);
  mustBeProperties('list.search', list.search);
  if (isObject(list.sort)) mustBeProperties('list.sort.field', list.sort.field);
  mustBeProperties('form.fields', form.fields);
  mustBeProperties('recordRepresentation', entry.recordRepresentation);
  if (typeof entry.recordRepresentation === 'string') {
    // Lists sort and search a reference by this name, as text: a number or flag would not compare as one.
    const named = properties[entry.recordRepresentation];
    if (named !== undefined && !(isObject(named) && isStringType(named.type))) {
      problem(
        'recordRepresentation',
        `${quoted(entry.recordRepresentation)} is not a text property of schema ${quoted(entry.schema)} (recordRepresentation names a record to a person)`,
      );
    }
  }
  if (typeof entry.status === 'string') {
    const status = properties[entry.status];
    if (status === undefined) notAProperty('status', entry.status);
    else if (!isObject(status) || status.type !== 'boolean') {
      problem(
        'status',
        `${quoted(entry.status)} is not a boolean property of schema ${quoted(entry.schema)} (status marks a record active or inactive)`,
      );
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// References (x-ref) and labelled choices (oneOf of const + title) in the schemas

/** Keywords a plain reference may carry besides `type` and `x-ref`: labels and documentation, nothing that changes its shape. */
const REFERENCE_EXTRAS = new Set(['title', 'description', 'readOnly', 'default', 'x-messages', '$comment']);

/** `{"type": "string" | ["string", "null"], "x-ref": ...}`: the record's id, as every generic resource stores and sends it. */
const isPlainReference = (p: JsonObject) =>
  isStringType(p.type) && Object.keys(p).every((k) => k === 'type' || k === 'x-ref' || REFERENCE_EXTRAS.has(k));

/** `oneOf [string, {_id, ...}]`: an id on write, an object on read (the user resource's spec shape). */
function isIdOrObjectReference(p: JsonObject): boolean {
  if (p.type !== undefined || !Array.isArray(p.oneOf) || p.oneOf.length !== 2) return false;
  if (!Object.keys(p).every((k) => k === 'oneOf' || k === 'x-ref' || REFERENCE_EXTRAS.has(k))) return false;
  const [id, object] = p.oneOf as unknown[];
  if (!isObject(id) || id.type !== 'string' || !isObject(object) || object.type !== 'object') return false;
  const idProperty = isObject(object.properties) ? object.properties._id : undefined;
  return isObject(idProperty) && idProperty.type === 'string' && Array.isArray(object.required) && object.required.includes('_id');
}

interface Reference {
  schema: string;
  at: string;
  target: string;
}

/** Every node of a schema with its path, depth first. */
function* nodes(node: unknown, path: Array<string | number> = []): Generator<[JsonObject, Array<string | number>]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* nodes(item, [...path, i]);
  } else if (isObject(node)) {
    yield [node, path];
    for (const [key, value] of Object.entries(node)) yield* nodes(value, [...path, key]);
  }
}

function checkReferences(schema: SchemaLike, routes: Set<string>, resources: Set<string>, references: Reference[]): ModelProblem[] {
  const id = String(schema.$id);
  const found: ModelProblem[] = [];
  const problem = (path: Array<string | number>, message: string) => found.push({ file: schemaFile(id), at: dotted(path), message });
  // Only resources with hand-written routes may keep the id-or-object form; a schema no resource uses gets the strict rule.
  const onlyCustom = routes.size > 0 && [...routes].every((r) => r === 'custom');
  for (const [node, path] of nodes(schema)) {
    if (!Object.hasOwn(node, 'x-ref')) continue;
    const target = node['x-ref'];
    const at = dotted(path);
    if (typeof target !== 'string') {
      problem([...path, 'x-ref'], `must name a resource (a string), not ${quoted(target)}`);
      continue;
    }
    // A list of references is a property of type array whose items are plain references (ids).
    const listItems = path.length === 3 && path[0] === 'properties' && path[2] === 'items';
    if ((path.length !== 2 || path[0] !== 'properties') && !listItems) {
      problem(
        [...path, 'x-ref'],
        'a reference is a property of the schema itself ("properties": {"<name>": {..., "x-ref": ...}}) or the items of one that is a list, not nested deeper',
      );
      continue;
    }
    if (!resources.has(target)) problem([...path, 'x-ref'], `${quoted(target)} names no resource in ${MAP_FILE}`);
    else references.push({ schema: id, at, target });
    if (listItems) {
      const list = (schema.properties as Record<string, JsonObject> | undefined)?.[String(path[1])];
      if (list?.type !== 'array')
        problem(path.slice(0, 2), `a list of references is {"type": "array", "items": {"type": "string", "x-ref": ${quoted(target)}}}`);
      else if (node.type !== 'string' || !isPlainReference(node))
        problem(
          path,
          `the items of a list of references must be {"type": "string", "x-ref": ${quoted(target)}}: the referenced records' ids`,
        );
      continue;
    }
    if (isPlainReference(node) || (onlyCustom && isIdOrObjectReference(node))) continue;
    const plain = `{"type": "string", "x-ref": ${quoted(target)}} (or "type": ["string", "null"] when optional)`;
    const idOrObject = isIdOrObjectReference(node);
    problem(
      path,
      idOrObject
        ? `the id-or-object "oneOf" form of a reference is only for resources with "routes": "custom"; a generic resource's reference is ${plain}`
        : `a reference must be ${plain}${onlyCustom ? ', or the id-or-object form {"oneOf": [{"type": "string"}, {"type": "object", "required": ["_id"], ...}]}' : ''}`,
    );
  }
  return found;
}

function checkChoices(schema: SchemaLike): ModelProblem[] {
  const file = schemaFile(String(schema.$id));
  const found: ModelProblem[] = [];
  for (const [node, path] of nodes(schema)) {
    if (!Array.isArray(node.oneOf) || !node.oneOf.some((item) => isObject(item) && Object.hasOwn(item, 'const'))) continue;
    const problem = (where: Array<string | number>, message: string) => found.push({ file, at: dotted(where), message });
    if (!isStringType(node.type))
      problem([...path, 'type'], 'a labelled choice is a text property: "type": "string" (or ["string", "null"] when optional)');
    const seen = new Set<unknown>();
    for (const [i, item] of (node.oneOf as unknown[]).entries()) {
      const where = [...path, 'oneOf', i];
      if (!isObject(item) || !Object.hasOwn(item, 'const') || typeof item.title !== 'string' || item.title.trim() === '') {
        problem(where, 'each choice needs both "const" (the stored value) and "title" (its label): {"const": "urban", "title": "Urban"}');
        continue;
      }
      if (typeof item.const !== 'string') problem([...where, 'const'], `${quoted(item.const)} is not text; a choice is stored as text`);
      if (seen.has(item.const)) problem([...where, 'const'], `${quoted(item.const)} is listed twice`);
      seen.add(item.const);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------

/**
 * Every problem of the model, in a stable order: the map against its schema, each entry
 * against the schemas it names, then the references and choices of every schema. Empty when
 * the model is sound.
 */
export function checkModel(schemas: readonly SchemaLike[], map: unknown): ModelProblem[] {
  const found = checkAgainstMapSchema(schemas, map);
  const entries = isObject(map) ? Object.entries(map).filter((e): e is [string, JsonObject] => isObject(e[1])) : [];

  const permission = schemas.find((s) => s.$id === 'permission');
  if (!permission || !isObject(permission.properties)) {
    found.push({
      file: schemaFile('permission'),
      at: '(schema)',
      message: 'no schema with "$id": "permission" and properties: the flags the map names cannot be checked',
    });
  }
  const flags = permission && isObject(permission.properties) ? new Set(Object.keys(permission.properties)) : undefined;
  for (const [name, entry] of entries) found.push(...checkEntry(name, entry, schemas, flags));
  // A generic resource's name is also its table's name, and SQL identifiers take no dash.
  for (const [name, entry] of entries)
    if (entry.routes === 'generic' && name.includes('-'))
      found.push({ file: MAP_FILE, at: name, message: `"${name}" names a table (its routes are generic): use _ instead of -` });

  const resources = new Set(entries.map(([name]) => name));
  const references: Reference[] = [];
  for (const schema of schemas) {
    if (typeof schema.$id !== 'string' || schema.$id === 'resources') continue;
    const routes = new Set(entries.filter(([, e]) => e.schema === schema.$id).map(([, e]) => String(e.routes)));
    found.push(...checkReferences(schema, routes, resources, references), ...checkChoices(schema));
  }

  // A referenced record is shown by its name: the target must say which property that is.
  const reported = new Set<string>();
  for (const { schema, at, target } of references) {
    const entry = isObject(map) ? (map as JsonObject)[target] : undefined;
    if (!isObject(entry) || entry.recordRepresentation !== undefined || reported.has(target)) continue;
    reported.add(target);
    found.push({
      file: MAP_FILE,
      at: `${target}.recordRepresentation`,
      message: `missing: schema ${quoted(schema)} refers to ${quoted(target)} (${at}), so ${quoted(target)} must name the property that names one of its records`,
    });
  }
  return found;
}

/** Throws one ModelError naming every problem, the first one first; returns quietly when the model is sound. */
export function assertModelChecks(schemas: readonly SchemaLike[], map: unknown): void {
  const found = checkModel(schemas, map);
  if (found.length) throw new ModelError(found);
}
