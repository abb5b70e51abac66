/**
 * The ra-data-simple-rest list convention: ?sort=["name","ASC"]&range=[0,9]&filter={"q":"ab"}.
 * Without parameters a list answers everything, in the resource's default order (the contract).
 */
import type { EntitySchema } from '../../src/shared/schema-registry.ts';
import { problems } from '../http/errors.ts';

export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListParams {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range?: { start: number; end: number };
  search?: string;
  equals: Record<string, unknown>;
}

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: { type: 'string', maxLength: 200, description: 'JSON ["field","ASC"|"DESC"]' },
    range: { type: 'string', maxLength: 100, description: 'JSON [start,end], inclusive, zero-based' },
    filter: { type: 'string', maxLength: 2000, description: 'JSON object: q searches, other keys must equal' },
  },
} as const;

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw problems.badRequest(`${name} must be JSON`, { [name]: `${name} must be JSON` });
  }
}

export function parseListParams(
  query: ListQuery,
  schema: EntitySchema,
  defaults: { sort: { field: string; order: 'ASC' | 'DESC' } },
): ListParams {
  const sortable = (field: unknown): field is string =>
    typeof field === 'string' && Object.hasOwn(schema.properties, field) && !schema.properties[field]!.writeOnly;

  let sort = defaults.sort;
  if (query.sort) {
    const [field, order] = parseJson('sort', query.sort) as [unknown, unknown];
    if (!sortable(field)) throw problems.badRequest(`Cannot sort by ${String(field)}`, { sort: `Cannot sort by ${String(field)}` });
    sort = { field, order: order === 'DESC' ? 'DESC' : 'ASC' };
  }

  let range: ListParams['range'];
  if (query.range) {
    const value = parseJson('range', query.range);
    const [start, end] = Array.isArray(value) ? value : [];
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > 1_000_000_000) {
      throw problems.badRequest('range must be [start,end] with 0 <= start <= end', { range: 'Invalid range' });
    }
    range = { start, end: Math.min(end, start + 999) };
  }

  const equals: Record<string, unknown> = {};
  let search: string | undefined;
  if (query.filter) {
    const filter = parseJson('filter', query.filter);
    if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw problems.badRequest('filter must be a JSON object');
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'q') {
        if (typeof value === 'string' && value.trim()) search = value.trim();
      } else if (sortable(key) && filterable(schema, key, value)) {
        equals[key] = value;
      } else {
        throw problems.badRequest(`Cannot filter by ${key}`, { filter: `Cannot filter by ${key}` });
      }
    }
  }
  return { sort, range, search, equals };
}

/** An equality filter needs a value of the property's own type (a reference filters by id). */
function filterable(schema: EntitySchema, key: string, value: unknown): boolean {
  const property = schema.properties[key]!;
  if (property['x-ref']) return typeof value === 'string';
  if (property.format === 'date-time') return false;
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes('boolean')) return typeof value === 'boolean';
  if (types.includes('integer')) return Number.isInteger(value);
  if (types.includes('number')) return typeof value === 'number';
  if (types.includes('string')) return typeof value === 'string';
  return false;
}

/** Content-Range for a page of a list: "designation 0-9/25" (only when a range was asked for). */
export function contentRange(resource: string, params: ListParams, rowCount: number, total: number): string | undefined {
  if (!params.range) return undefined;
  const { start } = params.range;
  return `${resource} ${start}-${start + Math.max(rowCount - 1, 0)}/${total}`;
}

/** Answers a list: the rows, with Content-Range when a page was asked for. */
export function answerList<T>(
  reply: { header(name: string, value: string): unknown },
  resource: string,
  params: ListParams,
  { rows, total }: { rows: T[]; total: number },
): T[] {
  const range = contentRange(resource, params, rows.length, total);
  if (range) reply.header('Content-Range', range);
  return rows;
}
