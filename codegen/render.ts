/** Renders one JSON Schema into a TypeScript module with json-schema-to-typescript. */
import { compile } from 'json-schema-to-typescript';

export const BANNER =
  '/* eslint-disable */\n/**\n * GENERATED FILE: do not edit. Source: schemas/%SOURCE%\n * Rebuild with `npm run codegen`.\n */';

export function typeName(schemaId: string): string {
  return schemaId
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** Module ($id) → the name of its root type (json-schema-to-typescript names it after the title). */
export type RootTypeNames = Record<string, string>;

export const rootTypeName = (schema: Record<string, unknown>, fallback: string) => typeName(String(schema.title ?? schema.$id ?? fallback));

interface Import {
  module: string;
  type: string;
}

/**
 * Our schemas refer to each other by $id: "permission" (the root type) or
 * "auth#/definitions/LoginRequest" (a named definition). Fastify's ajv resolves those at run
 * time; for types we swap each one for a named import instead of inlining it.
 */
function replaceExternalRefs(node: unknown, imports: Map<string, Import>, roots: RootTypeNames): unknown {
  if (Array.isArray(node)) return node.map((n) => replaceExternalRefs(n, imports, roots));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) {
    const [module, fragment] = obj.$ref.split('#');
    const definition = /^\/definitions\/([A-Za-z0-9_]+)$/.exec(fragment ?? '');
    if (fragment && !definition) throw new Error(`codegen: cannot import "${obj.$ref}"; refer to a schema or one of its definitions`);
    if (!roots[module!]) throw new Error(`codegen: "$ref": "${obj.$ref}" names no schema in schemas/`);
    const type = definition ? definition[1]! : roots[module!]!;
    imports.set(`${module}:${type}`, { module: module!, type });
    const { $ref: _ref, ...rest } = obj;
    return { ...rest, tsType: type };
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, replaceExternalRefs(v, imports, roots)]));
}

/**
 * json-schema-to-typescript names a type after any `title` it meets; our titles are UI labels
 * ('Name', 'Role'), which would become clashing aliases. Only the root keeps its title.
 */
function dropNestedTitles(node: unknown, isRoot = true, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => dropNestedTitles(n, false));
  if (!node || typeof node !== 'object') return node;
  // Inside `properties` the keys are property names: a property called "title" (a notification's) stays.
  const entries = Object.entries(node as Record<string, unknown>)
    .filter(([k]) => isRoot || isPropertyMap || k !== 'title')
    .map(([k, v]) => [k, dropNestedTitles(v, false, !isPropertyMap && (k === 'properties' || k === 'patternProperties'))]);
  return Object.fromEntries(entries);
}

export async function renderSchemaModule(schema: Record<string, unknown>, sourceFile: string, roots: RootTypeNames = {}): Promise<string> {
  const imports = new Map<string, Import>();
  const prepared = dropNestedTitles(replaceExternalRefs(schema, imports, roots)) as Record<string, unknown>;
  const body = await compile(prepared as never, rootTypeName(schema, sourceFile), {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
  const byModule = new Map<string, string[]>();
  for (const { module, type } of imports.values()) byModule.set(module, [...(byModule.get(module) ?? []), type]);
  const importLines = [...byModule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, types]) => `import type { ${types.sort().join(', ')} } from './${module}';`)
    .join('\n');
  return [BANNER.replace('%SOURCE%', sourceFile), importLines, body.trim()].filter(Boolean).join('\n\n') + '\n';
}

export function renderIndexModule(files: string[]): string {
  const lines = files
    .filter((f) => f !== 'index.ts' && f !== 'schema-list.ts')
    .map((f) => `export type * from './${f.replace(/\.ts$/, '')}';`);
  return BANNER.replace('%SOURCE%', '*.schema.json') + '\n\n' + lines.join('\n') + '\n';
}

/**
 * model/generated/schema-list.ts: every schema as data, so the servers (ajv, OpenAPI) and the
 * console pick up a new schema file without anyone adding an import by hand.
 */
export function renderSchemaListModule(schemaFiles: string[]): string {
  const names = schemaFiles.map((file) => ({ file, ident: `${typeName(file.replace(/\.schema\.json$/, ''))}Schema` }));
  const imports = names.map(({ file, ident }) => `import ${ident} from '../../schemas/${file}';`).join('\n');
  return (
    BANNER.replace('%SOURCE%', '*.schema.json') +
    '\n\n' +
    imports +
    '\n\n/** Every schema in schemas/, in file-name order. */\nexport const schemaList: unknown[] = [' +
    names.map((n) => n.ident).join(', ') +
    '];\n'
  );
}

/** A TypeScript string literal in the house style (single quotes). */
const singleQuoted = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * model/generated/resource-names.ts: the names of the resource map as a type, so that
 * `resourceEntry('usr')` is a compile error rather than a throw at run time.
 */
export function renderResourceNamesModule(names: string[]): string {
  const oneLine = `export type ResourceName = ${names.map(singleQuoted).join(' | ') || 'never'};`;
  // Laid out as prettier would (print width 110), so the file reads like the others.
  const type = oneLine.length <= 110 ? oneLine : `export type ResourceName =\n${names.map((n) => `  | ${singleQuoted(n)}`).join('\n')};`;
  return (
    BANNER.replace('%SOURCE%', 'resources.json') +
    '\n\n/** A resource of the map (a key of schemas/resources.json). */\n' +
    type +
    "\n\n/** The same names at run time, in the map's order. */\nexport const resourceNames: readonly ResourceName[] = [" +
    names.map(singleQuoted).join(', ') +
    '];\n'
  );
}
