/**
 * PostgreSQL text cannot hold U+0000, so a NUL byte anywhere in a request would reach the
 * database as an error. One hook refuses it in every string of the path, the query and the
 * body (values and keys, at any depth) before validation and before any handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problems } from './errors.ts';

/**
 * Where the first NUL sits ("email", "filter.q", "[2].name"), '' for the value itself; undefined
 * when there is none. Walks with a stack of its own, not by recursion, so no depth of nesting can
 * overflow the call stack (json-depth.ts refuses deep bodies earlier still).
 */
export function nulPath(value: unknown): string | undefined {
  type Pending = { value: unknown; path: string; nulInKey?: boolean };
  const pending: Pending[] = [{ value, path: '' }];
  while (pending.length) {
    const { value: here, path, nulInKey } = pending.pop()!;
    if (nulInKey) return path.replaceAll('\u0000', '\\u0000');
    if (typeof here === 'string') {
      if (here.includes('\u0000')) return path;
      continue;
    }
    if (!here || typeof here !== 'object' || Buffer.isBuffer(here)) continue;
    const entries = Object.entries(here);
    // Pushed last to first, so keys and values are looked at in the order they were sent.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const at = Array.isArray(here) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      pending.push({ value: item, path: at, nulInKey: key.includes('\u0000') });
    }
  }
  return undefined;
}

interface SchemaNode {
  $ref?: string;
  title?: string;
  properties?: Record<string, SchemaNode>;
  [k: string]: unknown;
}

/** The title the body schema gives a top-level field, following a "$ref" to a shared schema. */
function bodyFieldTitle(request: FastifyRequest, field: string): string | undefined {
  let schema = (request.routeOptions.schema as { body?: SchemaNode } | undefined)?.body;
  if (schema?.$ref) {
    const [id, pointer = ''] = schema.$ref.split('#');
    let target = request.server.getSchema(id!) as SchemaNode | undefined;
    for (const key of pointer.split('/').filter(Boolean)) target = target?.[key] as SchemaNode | undefined;
    schema = target;
  }
  return schema?.properties?.[field]?.title;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      const at = nulPath(value);
      if (at === undefined) continue;
      const field = part === 'params' && at === '*' ? 'path' : at || part; // '*': the rest of a wildcard path
      const label = (part === 'body' && bodyFieldTitle(request, field.split(/[.[]/)[0]!)) || field;
      throw problems.nulCharacter(field, label);
    }
  });
}
