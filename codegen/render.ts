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

/**
 * Our schemas refer to each other by bare $id ("$ref": "permission"). Fastify's ajv resolves
 * those at run time; for types we swap each one for a named import instead of inlining it.
 */
function replaceExternalRefs(node: unknown, imports: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => replaceExternalRefs(n, imports));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) {
    imports.add(obj.$ref);
    const { $ref, ...rest } = obj;
    return { ...rest, tsType: typeName($ref as string) };
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, replaceExternalRefs(v, imports)]));
}

/**
 * json-schema-to-typescript names a type after any `title` it meets; our titles are UI labels
 * ('Name', 'Role'), which would become clashing aliases. Only the root keeps its title.
 */
function dropNestedTitles(node: unknown, isRoot = true): unknown {
  if (Array.isArray(node)) return node.map((n) => dropNestedTitles(n, false));
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>)
    .filter(([k]) => isRoot || k !== 'title')
    .map(([k, v]) => [k, dropNestedTitles(v, false)]);
  return Object.fromEntries(entries);
}

export async function renderSchemaModule(schema: Record<string, unknown>, sourceFile: string): Promise<string> {
  const imports = new Set<string>();
  const prepared = dropNestedTitles(replaceExternalRefs(schema, imports)) as Record<string, unknown>;
  const body = await compile(prepared as never, typeName(String(schema.$id ?? sourceFile)), {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
  const importLines = [...imports]
    .sort()
    .map((id) => `import type { ${typeName(id)} } from './${id}';`)
    .join('\n');
  return [BANNER.replace('%SOURCE%', sourceFile), importLines, body.trim()].filter(Boolean).join('\n\n') + '\n';
}

export function renderIndexModule(files: string[]): string {
  const lines = files
    .filter((f) => f !== 'index.ts')
    .map((f) => `export type * from './${f.replace(/\.ts$/, '')}';`);
  return BANNER.replace('%SOURCE%', '*.schema.json') + '\n\n' + lines.join('\n') + '\n';
}
