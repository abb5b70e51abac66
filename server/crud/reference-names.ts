/**
 * Rows whose references show the referenced record's name, as the table shows them: the list
 * answers a reference as the stored id, which means nothing in a CSV file. One lookup per
 * reference column and page of rows, never one per row.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '@model/schema-registry.ts';
import type { Db } from '../db/database.ts';
import { referenceProperties } from './references.ts';

type Row = Record<string, unknown>;

export type NameReferences = (db: Db, rows: Row[]) => Promise<Row[]>;

/**
 * For the references among `columns`: each id becomes `{ _id, name }`, which display-value.ts
 * writes as the name. A value that is not an id (a custom list that already answers an object)
 * or names no record is left as it is.
 */
export function referenceNamer(schema: EntitySchema, columns: string[]): NameReferences {
  const references = referenceProperties(schema).filter((r) => columns.includes(r.field));
  return async (db, rows) => {
    if (!references.length || !rows.length) return rows;
    const named = rows.map((row) => ({ ...row }));
    for (const ref of references) {
      const ids = [...new Set(rows.map((row) => row[ref.field]).filter((v): v is string => typeof v === 'string'))];
      if (!ids.length) continue;
      const { rows: found } = await sql<{ id: string; name: string | null }>`
        select r.id, ${ref.target.name('r')} as name from ${sql.table(ref.target.table)} as r
        where r.id in (${sql.join(ids)})`.execute(db);
      const names = new Map(found.map((f) => [String(f.id), f.name]));
      for (const row of named) {
        const id = row[ref.field];
        const name = typeof id === 'string' ? names.get(id) : undefined;
        if (name != null) row[ref.field] = { _id: id, name };
      }
    }
    return named;
  };
}
