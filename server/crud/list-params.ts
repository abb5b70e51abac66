/**
 * The ra-data-simple-rest list convention: ?sort=["name","ASC"]&range=[0,9]&filter={"q":"ab"}.
 * Without parameters a list answers everything, in the resource's default order (the contract).
 */
import type { EntitySchema } from '@model/schema-registry.ts';
import { trimText } from '@model/trim-text.ts';
import { problems } from '../http/errors.ts';
import { nulPath } from '../http/input-guard.ts';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../http/json-depth.ts';

export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListParams {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range?: { start: number; end: number };
  search?: string;
  /** Field → the value it must equal, or a list of values it must equal one of. */
  equals: Record<string, unknown>;
}

/**
 * At most this many values in one filter list: react-admin's getMany asks for every record a
 * page refers to in one request (filter={"id":[...]}), and a page holds at most 1,000 rows.
 */
export const MAX_FILTER_VALUES = 1000;

/**
 * Each parameter is JSON in a string: validated here as the string it arrives as (parseListParams
 * reads the JSON and names what is wrong), documented in /docs as the JSON value it encodes.
 */
export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: {
      type: 'string',
      maxLength: 200,
      description: 'JSON ["field", "ASC" or "DESC"]: the field to sort by (a reference sorts by the name of the record) and the order',
      contentMediaType: 'application/json',
      contentSchema: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' }, examples: [['name', 'ASC']] },
    },
    range: {
      type: 'string',
      maxLength: 100,
      description:
        'JSON [start, end]: zero-based and inclusive, at most 1000 rows; the answer then carries Content-Range "<resource> start-end/total"',
      contentMediaType: 'application/json',
      contentSchema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 }, examples: [[0, 9]] },
    },
    filter: {
      type: 'string',
      maxLength: 2000,
      description:
        'JSON object: "q" searches the list\'s search fields, "id" answers exactly the records listed (at most 1000), and any other field must equal the value given, or one of the values listed (a reference by the id of its record)',
      contentMediaType: 'application/json',
      contentSchema: {
        type: 'object',
        properties: {
          q: { type: ['string', 'null'], description: 'Search text' },
          id: { type: 'array', items: { type: 'string' }, description: 'The ids of the records wanted' },
        },
        // A field equals the value, or one of the values listed.
        additionalProperties: { type: ['string', 'number', 'boolean', 'array'], items: { type: ['string', 'number', 'boolean'] } },
        examples: [{ q: 'ab' }, { id: ['<id>', '<id>'] }, { status: true }],
      },
    },
  },
} as const;

/** A name or value as it may appear in a message: quoted when odd, never longer than a line. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const refuse = (param: 'sort' | 'range' | 'filter', message: string) => problems.badRequest(message, { [param]: message });

function parseJson(name: 'sort' | 'range' | 'filter', raw: string, example: string): unknown {
  // Before parsing: nothing below may walk a value nested thousands deep.
  if (exceedsJsonDepth(raw)) throw problems.tooDeep(MAX_JSON_DEPTH, name);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw refuse(name, `${name} must be JSON, e.g. ${example}`);
  }
  // Escaped in the JSON ("\u0000"), a NUL only appears now: refused like one in plain text.
  const at = nulPath(value);
  if (at !== undefined) throw problems.nulCharacter(name, name);
  return value;
}

/** Which fields a list may sort and filter by: the schema's own values, never a write-only one. */
export function listFields(schema: EntitySchema): { sortable: string[]; filterable: string[] } {
  const sortable = Object.entries(schema.properties)
    .filter(([, p]) => !p.writeOnly && (p['x-ref'] || p.type !== undefined))
    .filter(
      ([, p]) =>
        p['x-ref'] || (Array.isArray(p.type) ? p.type : [p.type]).some((t) => ['string', 'boolean', 'integer', 'number'].includes(t!)),
    )
    .map(([name]) => name);
  const filterable = sortable.filter((name) => schema.properties[name]!.format !== 'date-time');
  return { sortable, filterable };
}

export function parseListParams(
  query: ListQuery,
  schema: EntitySchema,
  defaults: { sort: { field: string; order: 'ASC' | 'DESC' } },
): ListParams {
  const { sortable, filterable } = listFields(schema);

  let sort = defaults.sort;
  if (query.sort) {
    const value = parseJson('sort', query.sort, '["name","ASC"]');
    if (!Array.isArray(value) || value.length < 1 || value.length > 2) {
      throw refuse('sort', 'sort must be a list: ["field", "ASC" or "DESC"]');
    }
    const [field, order = 'ASC'] = value as unknown[];
    if (typeof field !== 'string' || !sortable.includes(field)) {
      throw refuse('sort', `Cannot sort by ${shown(field)}; sort by one of: ${sortable.join(', ')}`);
    }
    const direction = typeof order === 'string' ? order.toUpperCase() : undefined;
    if (direction !== 'ASC' && direction !== 'DESC') throw refuse('sort', `Sort order must be ASC or DESC, not ${shown(order)}`);
    sort = { field, order: direction };
  }

  let range: ListParams['range'];
  if (query.range) {
    const value = parseJson('range', query.range, '[0,9]');
    const [start, end] = Array.isArray(value) && value.length === 2 ? value : [];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end > 1_000_000_000) {
      throw refuse('range', 'range must be [start, end]: whole numbers with 0 <= start <= end');
    }
    range = { start, end: Math.min(end, start + 999) };
  }

  const equals: Record<string, unknown> = {};
  let search: string | undefined;
  if (query.filter) {
    const filter = parseJson('filter', query.filter, '{"q":"text"}');
    if (!filter || typeof filter !== 'object' || Array.isArray(filter))
      throw refuse('filter', 'filter must be a JSON object, e.g. {"q":"text"}');
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'q') {
        if (value !== null && typeof value !== 'string') throw refuse('filter', 'The search text (q) must be text');
        if (value !== null && trimText(value)) search = trimText(value);
      } else {
        // react-admin names records `id` (getMany: filter={"id":[...]}); the wire and the schema say `_id`.
        const field = key === 'id' ? '_id' : key;
        if (!filterable.includes(field)) {
          throw refuse('filter', `Cannot filter by ${shown(key)}; filter by q (search) or one of: ${filterable.join(', ')}`);
        }
        equals[field] = filterValue(schema, key, field, value);
      }
    }
  }
  return { sort, range, search, equals };
}

const types = (schema: EntitySchema, key: string) => {
  const t = schema.properties[key]!.type;
  return Array.isArray(t) ? t : [t];
};

/** One value of the field's type, or a list of them (any of which may match). */
function filterValue(schema: EntitySchema, key: string, field: string, value: unknown): unknown {
  if (!Array.isArray(value)) {
    if (!filterValueFits(schema, field, value)) throw refuse('filter', `To filter by ${key}, give ${expectedValue(schema, field)}`);
    return value;
  }
  if (value.length > MAX_FILTER_VALUES) {
    throw refuse('filter', `A filter list may hold at most ${MAX_FILTER_VALUES} values; ${key} holds ${value.length}`);
  }
  if (!value.every((v) => filterValueFits(schema, field, v))) {
    throw refuse('filter', `To filter by ${key}, give ${expectedValue(schema, field)}, or a list of such values`);
  }
  return value;
}

/** An equality filter needs a value of the property's own type (a reference filters by id). */
function filterValueFits(schema: EntitySchema, key: string, value: unknown): boolean {
  if (schema.properties[key]!['x-ref']) return typeof value === 'string';
  const t = types(schema, key);
  if (t.includes('boolean') && typeof value === 'boolean') return true;
  if (t.includes('integer') && Number.isSafeInteger(value)) return true;
  if (t.includes('number') && typeof value === 'number') return true;
  return t.includes('string') && typeof value === 'string';
}

function expectedValue(schema: EntitySchema, key: string): string {
  if (schema.properties[key]!['x-ref']) return 'the id of a record (text)';
  const t = types(schema, key);
  if (t.includes('boolean')) return 'true or false';
  if (t.includes('integer') || t.includes('number')) return 'a number';
  return 'text';
}

/** Content-Range for a page of a list: "designation 0-9/25" (only when a range was asked for). */
/** `moreThan`: the total was counted up to a cap and there are more (`…/10000+`, which parseInt still reads as 10000). */
export function contentRange(resource: string, params: ListParams, rowCount: number, total: number, moreThan = false): string | undefined {
  if (!params.range) return undefined;
  const { start } = params.range;
  return `${resource} ${start}-${start + Math.max(rowCount - 1, 0)}/${total}${moreThan ? '+' : ''}`;
}

/** Answers a list: the rows, with Content-Range when a page was asked for. */
export function answerList<T>(
  reply: { header(name: string, value: string): unknown },
  resource: string,
  params: ListParams,
  { rows, total, moreThan }: { rows: T[]; total: number; moreThan?: boolean },
): T[] {
  const range = contentRange(resource, params, rows.length, total, moreThan);
  if (range) reply.header('Content-Range', range);
  return rows;
}
