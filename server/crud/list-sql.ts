/** The SQL pieces every list query shares: equality filters, the `q` search and the sort order. */
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ResourceEntry } from '@model/generated/index.ts';

type Column = Expression<unknown> | RawBuilder<unknown>;

/**
 * `column = value`, or, for a list, `column = any(values)`: one parameter whatever the list's
 * length, so a getMany of 1,000 ids is one short statement. An empty list matches nothing.
 */
export function equalsCondition(column: Column, value: unknown): RawBuilder<boolean> {
  if (!Array.isArray(value)) return sql<boolean>`${column} = ${value}`;
  if (!value.length) return sql<boolean>`false`;
  return sql<boolean>`${column} = any(${value})`;
}

/** The properties the resource's search box looks in (`list.search`). */
export function searchFields(entry: ResourceEntry): string[] {
  const fields = entry.list?.search;
  if (!fields) return [];
  return Array.isArray(fields) ? fields : [fields];
}

/** `q` matches any of the columns given, case-insensitively, as literal text (no wildcards of its own). */
export function searchCondition(columns: Column[], text: string | undefined): RawBuilder<boolean> | undefined {
  if (!text || !columns.length) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const matches = columns.map((c) => sql<boolean>`${c}::text ilike ${pattern}`);
  return sql<boolean>`(${sql.join(matches, sql` or `)})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One sort key: text compares case-insensitively; rows without a value (an optional field left
 * empty, a reference to nothing) come last in either direction, so a page never opens on blanks.
 */
export function sortKey(column: Column, order: 'ASC' | 'DESC', isText: boolean): RawBuilder<unknown> {
  const key = isText ? sql`lower(${column})` : column;
  return sql`${key} ${sql.raw(order === 'DESC' ? 'desc' : 'asc')} nulls last`;
}
