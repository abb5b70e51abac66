/**
 * Each list's rows live in a table of their own, `view_list_rows_<generation>`, attached to
 * `view_list_rows` as the partition of that list (migration 031). An import fills a fresh table
 * with no index, builds its indexes in one pass each, and at the very end, in the transaction
 * that points the list at the new generation, drops the list's old table and attaches the new one.
 * Readers see the old table until that commit, then only the new one (dropping a partition locks
 * `view_list_rows` for the moment left before the commit, so a read waits rather than sees a gap).
 * A rolled-back import leaves nothing: its table goes with the transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The table of one generation's rows (the generation comes from a sequence: a plain integer). */
export const rowTable = (generation: number) => sql.table(`view_list_rows_${Number(generation)}`);

/**
 * A table for a generation's rows, shaped as `view_list_rows` (migration 031), with no index yet.
 * Its columns are spelled out rather than taken `like view_list_rows`: that would hold a lock on
 * `view_list_rows` for the whole import, and another import's swap would wait on it, every search
 * queued behind that swap.
 */
export async function createRowTable(trx: Db, generation: number): Promise<void> {
  await sql`create table ${rowTable(generation)} (
    view_list_id text not null,
    generation integer not null,
    row_no integer not null,
    cells jsonb not null,
    search text not null
  )`.execute(trx);
}

/**
 * Indexes a filled table (the partition's primary key and trigram index, each built in one pass)
 * and gathers its planner statistics, so the first search after an import uses the trigram
 * index. Touches nothing but the table: no reader waits on it.
 */
export async function indexRowTable(trx: Db, generation: number): Promise<void> {
  const table = rowTable(generation);
  // Built by this backend alone: PostgreSQL's parallel workers for an index build are processes
  // of their own, which would not share the import's lowered priority (import-priority.ts).
  await sql`set local max_parallel_maintenance_workers = 0`.execute(trx);
  await sql`alter table ${table} add primary key (view_list_id, row_no)`.execute(trx);
  await sql`create index on ${table} using gin (search gin_trgm_ops)`.execute(trx);
  await sql`analyze ${table}`.execute(trx);
}

/** Attaches an indexed table as the list's rows, in the transaction that points the list at it. */
export async function attachRowTable(trx: Db, viewListId: string, generation: number): Promise<void> {
  await sql`alter table view_list_rows attach partition ${rowTable(generation)} for values in (${sql.lit(viewListId)})`.execute(trx);
}

/** Drops a generation's table (a replaced or deleted list's rows). */
export async function dropRowTable(trx: Db, generation: number): Promise<void> {
  await sql`drop table if exists ${rowTable(generation)}`.execute(trx);
}
