/**
 * A query with its bind parameters written into the text as quoted literals, for the one
 * statement that takes none: `COPY (select …) TO STDOUT`. Each `$n` of kysely's compiled text
 * becomes pg's escapeLiteral of its value (a date as its ISO instant), so a filter built once
 * for a paged read serves the export that streams the same rows.
 */
import pg from 'pg';
import type { CompiledQuery } from 'kysely';

function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `${pg.escapeLiteral(value.toISOString())}::timestamptz`;
  if (typeof value === 'number' || typeof value === 'bigint') return `${pg.escapeLiteral(String(value))}::numeric`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return pg.escapeLiteral(String(value));
}

/** The compiled text with every `$n` replaced by its value; the text itself must hold no other `$`. */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= query.parameters.length) throw new Error(`query names $${n} but has ${query.parameters.length} parameters`);
    return literalOf(query.parameters[index]);
  });
}
