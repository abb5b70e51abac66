/**
 * 020-view-list-names: the lookup lists' tables take the concept's one name, "view list", as the
 * code does (they were created as `listviews` by 010 and 014). Renames only: no row moves, and
 * every name is renamed only if it still has its old one, so a half-applied run cannot fail.
 * The wire and stored names stay as they are: the API path `/listview` (the specification's),
 * the resource `listview` recorded in the change log, the `can_*_listview` flags on roles and
 * the `listviews/` folder named in each list's stored file path.
 */
import { sql, type Kysely } from 'kysely';

const RENAMES: { kind: 'table' | 'index' | 'sequence'; from: string; to: string }[] = [
  { kind: 'table', from: 'listviews', to: 'view_lists' },
  { kind: 'table', from: 'listview_rows', to: 'view_list_rows' },
  { kind: 'table', from: 'listview_imports', to: 'view_list_imports' },
  // A primary key's index carries its constraint's name: renaming the one renames the other.
  { kind: 'index', from: 'listviews_pkey', to: 'view_lists_pkey' },
  { kind: 'index', from: 'listview_rows_pkey', to: 'view_list_rows_pkey' },
  { kind: 'index', from: 'listview_imports_pkey', to: 'view_list_imports_pkey' },
  { kind: 'index', from: 'listviews_name', to: 'view_lists_name' },
  { kind: 'index', from: 'listview_rows_search', to: 'view_list_rows_search' },
  { kind: 'index', from: 'listview_imports_live', to: 'view_list_imports_live' },
  { kind: 'index', from: 'listview_imports_finished', to: 'view_list_imports_finished' },
  { kind: 'sequence', from: 'listview_generations', to: 'view_list_generations' },
];

const COLUMNS: { table: string; from: string; to: string }[] = [
  { table: 'view_list_rows', from: 'listview_id', to: 'view_list_id' },
  { table: 'view_list_imports', from: 'listview_id', to: 'view_list_id' },
];

const CONSTRAINTS: { table: string; from: string; to: string }[] = [
  { table: 'view_list_rows', from: 'listview_rows_listview_id_fkey', to: 'view_list_rows_view_list_id_fkey' },
  { table: 'view_list_imports', from: 'listview_imports_user_id_fkey', to: 'view_list_imports_user_id_fkey' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const r of RENAMES) await rename(db, r.kind, r.from, r.to);
  for (const c of COLUMNS) await renameColumn(db, c.table, c.from, c.to);
  for (const c of CONSTRAINTS) await renameConstraint(db, c.table, c.from, c.to);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of CONSTRAINTS) await renameConstraint(db, c.table, c.to, c.from);
  for (const c of COLUMNS) await renameColumn(db, c.table, c.to, c.from);
  for (const r of [...RENAMES].reverse()) await rename(db, r.kind, r.to, r.from);
}

async function rename(db: Kysely<unknown>, kind: string, from: string, to: string): Promise<void> {
  // DDL takes no bind parameters; the names are this file's constants.
  const exists = await sql<{ found: boolean }>`select to_regclass(${from}) is not null as found`.execute(db);
  if (exists.rows[0]?.found) await sql.raw(`alter ${kind} ${from} rename to ${to}`).execute(db);
}

async function renameColumn(db: Kysely<unknown>, table: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from information_schema.columns
                   where table_schema = current_schema() and table_name = ${table} and column_name = ${from}) as found`.execute(db);
  if (rows[0]?.found) await sql.raw(`alter table ${table} rename column ${from} to ${to}`).execute(db);
}

async function renameConstraint(db: Kysely<unknown>, table: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_constraint where conname = ${from} and conrelid = to_regclass(${table})) as found`.execute(db);
  if (rows[0]?.found) await sql.raw(`alter table ${table} rename constraint ${from} to ${to}`).execute(db);
}
