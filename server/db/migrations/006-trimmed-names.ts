/**
 * Text used to be stored as typed, so 'X', ' X', 'X ' and '   ' could live side by side as four
 * designations. Writes trim now; this brings the stored rows of the generic tables in line:
 * every text value is trimmed, a blank required one becomes 'Unnamed', and a unique value that
 * would then meet another row's (case-insensitively, as the unique index compares) gets ' (2)',
 * ' (3)'… A row whose value was already clean keeps it; otherwise the oldest row wins.
 */
import { sql, type Kysely } from 'kysely';
import { resourceSchema, type PropertySchema } from '@model/schema-registry.ts';
import type { GenericTables } from '../database.ts';
import { genericResources } from '../generic-tables.ts';
import { toColumn } from '../columns.ts';

const isPlainText = (p: PropertySchema) => !p.readOnly && !p.writeOnly && !p.format && p.type === 'string';

function withSuffix(base: string, n: number, maxLength: number | undefined): string {
  if (n === 1) return base;
  const suffix = ` (${n})`;
  return `${maxLength ? base.slice(0, maxLength - suffix.length) : base}${suffix}`;
}

export async function up(migrating: Kysely<unknown>): Promise<void> {
  const db = migrating.withTables<GenericTables>();
  for (const resource of genericResources()) {
    // A table that points at one a later migration creates (forms) is made after the migrations, empty.
    const { rows: found } = await sql<{ present: boolean }>`select to_regclass(${`"${resource}"`}) is not null as present`.execute(db);
    if (!found[0]!.present) continue;
    const schema = resourceSchema(resource);
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isPlainText(property)) continue;
      const column = toColumn(name);
      const rows = await db.selectFrom(resource).select(['id', column]).orderBy('created_at').orderBy('id').execute();
      const dirty = rows.filter((r) => typeof r[column] === 'string' && (r[column] as string) !== (r[column] as string).trim());
      if (!dirty.length) continue;
      const required = (schema.required ?? []).includes(name) || (property.minLength ?? 0) >= 1;
      const taken = new Set(
        rows.filter((r) => !dirty.includes(r) && typeof r[column] === 'string').map((r) => (r[column] as string).toLowerCase()),
      );
      for (const row of dirty) {
        let value = (row[column] as string).trim();
        if (value === '' && required) value = 'Unnamed';
        if (property['x-unique'] && value !== '') {
          let n = 1;
          while (taken.has(withSuffix(value, n, property.maxLength).toLowerCase())) n++;
          value = withSuffix(value, n, property.maxLength);
          taken.add(value.toLowerCase());
        }
        await db
          .updateTable(resource)
          .set({ [column]: value })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
}

export async function down(): Promise<void> {
  // Trimming cannot be undone (the untrimmed spellings are gone); nothing to reverse.
}
