/**
 * 031-view-list-row-partitions: each list's rows in a table of their own, a partition of
 * `view_list_rows` by list. An import writes its rows into a fresh table with no index, builds
 * the table's primary key and trigram index in bulk (several times faster than keeping one shared
 * trigram index up to date row by row), then attaches it in place of the list's old table in the
 * transaction that points the list at it (row-tables.ts). A search names its list, so the planner
 * reads that list's table and index alone. The key is the list and row number (a list's table
 * holds one generation), so a page of matches in row order walks the key and stops at the page.
 *
 * The rows' foreign key to `view_lists` goes: a list's table is dropped with the list.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table view_list_rows rename to view_list_rows_shared`.execute(db);
  await sql`alter index view_list_rows_pkey rename to view_list_rows_shared_pkey`.execute(db);
  await sql`alter index view_list_rows_search rename to view_list_rows_shared_search`.execute(db);
  await sql`
    create table view_list_rows (
      view_list_id text not null,
      generation integer not null,
      row_no integer not null,
      cells jsonb not null,
      search text not null,
      primary key (view_list_id, row_no)
    ) partition by list (view_list_id)`.execute(db);
  await sql`create index view_list_rows_search on view_list_rows using gin (search gin_trgm_ops)`.execute(db);
  const { rows: lists } = await sql<{ id: string; generation: number }>`select id, generation from view_lists`.execute(db);
  for (const { id, generation } of lists) {
    const table = sql.table(`view_list_rows_${generation}`);
    await sql`create table ${table} partition of view_list_rows for values in (${sql.lit(id)})`.execute(db);
    await sql`insert into ${table} select * from view_list_rows_shared where view_list_id = ${id} and generation = ${generation}`.execute(
      db,
    );
  }
  await sql`drop table view_list_rows_shared`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table view_list_rows rename to view_list_rows_parted`.execute(db);
  await sql`alter index view_list_rows_pkey rename to view_list_rows_parted_pkey`.execute(db);
  await sql`alter index view_list_rows_search rename to view_list_rows_parted_search`.execute(db);
  await sql`
    create table view_list_rows (
      view_list_id text not null references view_lists (id) on delete cascade,
      generation integer not null,
      row_no integer not null,
      cells jsonb not null,
      search text not null,
      primary key (view_list_id, generation, row_no)
    )`.execute(db);
  await sql`create index view_list_rows_search on view_list_rows using gin (search gin_trgm_ops)`.execute(db);
  await sql`insert into view_list_rows select * from view_list_rows_parted`.execute(db);
  await sql`drop table view_list_rows_parted`.execute(db);
}
