/**
 * The counters every count and total is read from (migration 013): `document_counts` per
 * program, type and owner, and `document_days` per UTC day, program and owner; and the one page
 * jumps find their place with (migration 030): `document_seq_counts` per program, type and
 * stretch of 16,384 seq numbers. Whatever writes or removes a document — the routes, the
 * demo-data generator, a test — counts it in the same transaction, so the counters are exact at
 * any moment and no reader needs count(*).
 *
 * An increment is an upsert; a decrement is a plain update (an upsert's insert half would
 * already break `n >= 0`, before the conflict is seen). Rows that reach 0 stay: deleting them
 * would race with a submission adding to the same row.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { executePrepared } from '../db/prepared.ts';

/**
 * document_seq_counts counts each stretch of 2^14 seq numbers: a page jump sums a filter's
 * stretches (a few hundred rows at a million documents) and then skips within one stretch (a
 * few thousand index entries at most), the two costs about even.
 */
export const STRETCH_BITS = 14;
const STRETCH = sql.lit(STRETCH_BITS);

export interface CountedDocument {
  program_id: string;
  module: string;
  type_id: string;
  created_by: string;
  created_at: Date | string;
  /** Its place in the table's order (document_seq_counts counts it in the stretch seq >> STRETCH_BITS). */
  seq: number | string;
}

/**
 * The end of a statement that writes the three counter tables in CTEs `counts`, `days` and
 * `stretches`, answering how many rows each one wrote. Every writer locks the tables' rows in
 * that order: `days` reads `counts` before it writes, and `stretches` reads `days`, so each
 * runs only once the one before has (an unread data-modifying CTE would run at the end, in an
 * order of the planner's).
 */
export const COUNTER_TABLES_IN_ORDER = sql`select (select count(*) from counts)::int as counts, (select count(*) from days)::int as days,
  (select count(*) from stretches)::int as stretches`;

export async function bumpCounters(trx: Db, doc: CountedDocument, delta: 1 | -1): Promise<void> {
  if (delta === 1) return countNewDocuments(trx, [doc]);
  const day = sql`(${new Date(doc.created_at)}::timestamptz at time zone 'UTC')::date`;
  const [removed] = await executePrepared(
    trx,
    'uncount_document',
    sql<{ counts: number; days: number; stretches: number }>`
    with counts as (
      update document_counts set n = n - 1
      where program_id = ${doc.program_id} and type_id = ${doc.type_id} and created_by = ${doc.created_by} returning 1),
    days as (
      update document_days set n = n - 1
      where day = ${day} and program_id = ${doc.program_id} and created_by = ${doc.created_by}
        and (select count(*) from counts) >= 0 returning 1),
    stretches as (
      update document_seq_counts set n = n - 1
      where program_id = ${doc.program_id} and module = ${doc.module} and type_id = ${doc.type_id}
        and stretch = ${doc.seq}::bigint >> ${STRETCH} and (select count(*) from days) >= 0 returning 1)
    ${COUNTER_TABLES_IN_ORDER}`,
  );
  // A document the counters never saw: refusing keeps the error visible instead of the totals quietly wrong.
  if (!removed?.counts || !removed.days || !removed.stretches)
    throw new Error('document counters are missing the row of a removed document');
}

/**
 * SQL: the CTEs `counts`, `days` and `stretches` that count the new documents of CTE `docs`
 * (program_id, module, type_id, created_by, created_at, seq), however many: one upsert per
 * counter table (a type belongs to one module), each table's rows in key order so two batches
 * counting the same rows wait, never deadlock. The statement then reads them in that order
 * (COUNTER_TABLES_IN_ORDER).
 */
export function countingCtes(docs: string): RawBuilder<unknown> {
  const from = sql.table(docs);
  return sql`counts as (
      insert into document_counts (program_id, module, type_id, created_by, n)
      select program_id, min(module), type_id, created_by, count(*) from ${from}
      group by program_id, type_id, created_by
      order by program_id, type_id, created_by
      on conflict (program_id, type_id, created_by) do update set n = document_counts.n + excluded.n
      returning 1
    ),
    days as (
      insert into document_days (day, program_id, created_by, n)
      select (created_at at time zone 'UTC')::date, program_id, created_by, count(*) from ${from}
      where (select count(*) from counts) >= 0
      group by 1, program_id, created_by
      order by 1, program_id, created_by
      on conflict (day, program_id, created_by) do update set n = document_days.n + excluded.n
      returning 1
    ),
    stretches as (
      insert into document_seq_counts (program_id, module, type_id, stretch, n)
      select program_id, module, type_id, seq >> ${STRETCH}, count(*) from ${from}
      where (select count(*) from days) >= 0
      group by program_id, module, type_id, seq >> ${STRETCH}
      order by program_id, module, type_id, seq >> ${STRETCH}
      on conflict (program_id, module, type_id, stretch) do update set n = document_seq_counts.n + excluded.n
      returning 1
    )`;
}

/** Counts new documents, however many, in one statement (countingCtes). */
export async function countNewDocuments(trx: Db, docs: CountedDocument[]): Promise<void> {
  if (!docs.length) return;
  const column = <K extends keyof CountedDocument>(key: K) => docs.map((doc) => doc[key]);
  await executePrepared(
    trx,
    'count_new_documents',
    sql`
    with docs as (
      select * from unnest(${column('program_id')}::text[], ${column('module')}::text[], ${column('type_id')}::text[],
        ${column('created_by')}::text[], ${docs.map((doc) => new Date(doc.created_at))}::timestamptz[], ${column('seq')}::bigint[])
        as d(program_id, module, type_id, created_by, created_at, seq)
    ),
    ${countingCtes('docs')}
    ${COUNTER_TABLES_IN_ORDER}`,
  );
}
