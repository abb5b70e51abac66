/**
 * View lists: a lookup list's metadata, and its rows one per sheet row. A list's rows belong to a
 * generation; `generation` on the list says which one is served, so a replaced file's rows load
 * beside the old ones and take over in one transaction. `search` is the row's cells joined and
 * lower-cased, with a trigram index so "kis" finds "Kisumu" anywhere in 100k rows without a scan.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table listviews (
      id text primary key,
      name text not null,
      file_path text not null,
      file_name text not null,
      columns jsonb not null,
      generation integer not null,
      row_count integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index listviews_name on listviews (lower(name))`.execute(db);
  await sql`
    create table listview_rows (
      listview_id text not null references listviews (id) on delete cascade,
      generation integer not null,
      row_no integer not null,
      cells jsonb not null,
      search text not null,
      primary key (listview_id, generation, row_no)
    )`.execute(db);
  await sql`create index listview_rows_search on listview_rows using gin (search gin_trgm_ops)`.execute(db);
  await sql`create sequence listview_generations`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop sequence if exists listview_generations`.execute(db);
  await sql`drop table if exists listview_rows`.execute(db);
  await sql`drop table if exists listviews`.execute(db);
}
