/**
 * Tables of the schema-driven ("generic") resources are derived from their schemas at start
 * (table-shape.ts says how): created when missing, new properties added as columns, so adding
 * an entity needs no migration. Anything else that differs between a table and its schema stops
 * the start (table-drift.ts) until a migration makes them match: nothing is ever retyped,
 * constrained or dropped by itself.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { inReferenceOrder } from './reference-order.ts';
import { SchemaTableError } from './schema-table-error.ts';
import { checkGenericTables } from './table-drift.ts';
import { constraintName, genericResources, tableShape, type ColumnShape, type TableShape } from './table-shape.ts';

export { genericResources };

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function literal(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
}

/** One column as DDL, with its NOT NULL, default, foreign key and choices. */
export function columnDdl(table: string, c: ColumnShape): string {
  const parts = [ident(c.column), c.type];
  if (c.default !== undefined) parts.push(`default ${literal(c.default)}`);
  if (c.notNull) parts.push('not null');
  if (c.references) {
    parts.push(
      `constraint ${ident(constraintName(table, c.column, 'fkey'))} references ${ident(c.references.table)} (id) on delete restrict`,
    );
  }
  if (c.choices) {
    parts.push(
      `constraint ${ident(constraintName(table, c.column, 'choices'))} check (${ident(c.column)} in (${c.choices.map(literal).join(', ')}))`,
    );
  }
  return parts.join(' ');
}

const MANAGED_DDL = 'id text primary key, created_at timestamptz not null default now(), updated_at timestamptz not null default now()';

export function createTableDdl(shape: TableShape): string {
  const columns = shape.columns.filter((c) => !['id', 'created_at', 'updated_at'].includes(c.column)).map((c) => columnDdl(shape.table, c));
  return `create table if not exists ${ident(shape.table)} (${[MANAGED_DDL, ...columns].join(', ')})`;
}

function uniqueIndexDdl(table: string, c: ColumnShape): string {
  // Text is unique case-insensitively, as the generic store compares names.
  const expression = c.type === 'text' ? `lower(${ident(c.column)})` : ident(c.column);
  return `create unique index if not exists ${ident(constraintName(table, c.property, 'unique'))} on ${ident(table)} (${expression})`;
}

async function exists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${ident(table)}) is not null as found`.execute(db);
  return rows[0]!.found;
}

async function columnsOf(db: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select attname as name from pg_attribute where attrelid = to_regclass(${ident(table)}) and attnum > 0 and not attisdropped`.execute(db);
  return new Set(rows.map((r) => r.name));
}

async function hasRows(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(db);
  return rows[0]!.found;
}

/** Every generic table's shape, in the order they can be created. Throws on a shape no table can hold. */
export function genericTableShapes(): TableShape[] {
  return inReferenceOrder(genericResources().map(tableShape));
}

/**
 * Creates the missing generic tables whose foreign keys can be met now. Runs before the
 * migrations (a migration's table may point at a generic one: users.designation_id) and again
 * after them (for a generic table that points at a table a migration creates).
 */
export async function createGenericTables(db: Db, shapes = genericTableShapes()): Promise<void> {
  for (const shape of shapes) {
    if (await exists(db, shape.table)) continue;
    const targets = shape.columns.flatMap((c) => (c.references && c.references.table !== shape.table ? [c.references.table] : []));
    const ready = await Promise.all(targets.map((t) => exists(db, t)));
    if (ready.every(Boolean)) await sql.raw(createTableDdl(shape)).execute(db);
  }
}

/**
 * New properties become columns. A NOT NULL column without a default cannot be added to a table
 * that has rows (what would they hold?): it is left out, and the comparison that follows names it.
 */
async function addNewColumns(db: Db, shape: TableShape): Promise<void> {
  const present = await columnsOf(db, shape.table);
  for (const c of shape.columns) {
    if (present.has(c.column)) continue;
    if (c.notNull && c.default === undefined && (await hasRows(db, shape.table))) continue;
    await sql.raw(`alter table ${ident(shape.table)} add column if not exists ${columnDdl(shape.table, c)}`).execute(db);
  }
}

async function addUniqueIndexes(db: Db, shape: TableShape): Promise<void> {
  for (const c of shape.columns.filter((column) => column.unique)) {
    try {
      await sql.raw(uniqueIndexDdl(shape.table, c)).execute(db);
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
      throw new SchemaTableError(
        `Table "${shape.table}" does not match ${shape.schemaFile}:\n` +
          `  column "${c.column}": the schema says unique ("x-unique"); rows of the table share a value (${(err as Error).message})\n` +
          `Write a migration that makes the values unique: npm run migration:new ${shape.table.replace(/_/g, '-')}-${c.column.replace(/_/g, '-')}-unique  (then restart)`,
      );
    }
  }
}

/**
 * After the migrations: the remaining tables, new columns, then the comparison of every table
 * with its schema (throws SchemaTableError listing each difference), then the unique indexes.
 */
export async function syncGenericTables(db: Db): Promise<void> {
  const shapes = genericTableShapes();
  await createGenericTables(db, shapes);
  for (const shape of shapes) await addNewColumns(db, shape);
  await checkGenericTables(db, shapes);
  for (const shape of shapes) await addUniqueIndexes(db, shape);
}
