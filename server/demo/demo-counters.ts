/**
 * The counters every count and total is read from (document_counts per program, type and owner;
 * document_days per UTC day, program and owner; document_seq_counts per program, type and
 * stretch of seq), rebuilt for the demo programs from the
 * documents themselves: one INSERT … SELECT … GROUP BY each, after the load. Then checked:
 * every counter row equals count(*) of its group, and no group lacks its row.
 */
import type pg from 'pg';
import { STRETCH_BITS } from '../documents/document-counters.ts';

export async function rebuildCounters(client: pg.Client, programIds: string[]): Promise<void> {
  await client.query('delete from document_counts where program_id = any($1::text[])', [programIds]);
  await client.query(
    `insert into document_counts (program_id, module, type_id, created_by, n)
     select program_id, module, type_id, created_by, count(*) from documents
      where program_id = any($1::text[]) group by program_id, module, type_id, created_by`,
    [programIds],
  );
  await client.query('delete from document_days where program_id = any($1::text[])', [programIds]);
  await client.query(
    `insert into document_days (day, program_id, created_by, n)
     select (created_at at time zone 'UTC')::date, program_id, created_by, count(*) from documents
      where program_id = any($1::text[]) group by 1, 2, 3`,
    [programIds],
  );
  await client.query('delete from document_seq_counts where program_id = any($1::text[])', [programIds]);
  await client.query(
    `insert into document_seq_counts (program_id, module, type_id, stretch, n)
     select program_id, module, type_id, seq >> ${STRETCH_BITS}, count(*) from documents
      where program_id = any($1::text[]) group by 1, 2, 3, 4`,
    [programIds],
  );
}

export interface CounterCheck {
  countRows: number;
  dayRows: number;
  /** Groups whose counter differs from count(*) (or is missing, or counts nothing that exists). */
  countMismatches: number;
  dayMismatches: number;
  stretchMismatches: number;
  documents: number;
  counted: number;
}

/** Compares both counters with count(*) per group over the given programs. */
export async function checkCounters(client: pg.Client, programIds: string[]): Promise<CounterCheck> {
  const { rows } = await client.query<{
    count_rows: number;
    day_rows: number;
    count_mismatches: number;
    day_mismatches: number;
    stretch_mismatches: number;
    documents: number;
    counted: number;
  }>(
    `with actual as (
       select program_id, module, type_id, created_by, count(*) as n from documents
        where program_id = any($1::text[]) group by 1, 2, 3, 4),
     actual_days as (
       select (created_at at time zone 'UTC')::date as day, program_id, created_by, count(*) as n from documents
        where program_id = any($1::text[]) group by 1, 2, 3),
     actual_stretches as (
       select program_id, module, type_id, seq >> ${STRETCH_BITS} as stretch, count(*) as n from documents
        where program_id = any($1::text[]) group by 1, 2, 3, 4),
     counts as (select * from document_counts where program_id = any($1::text[])),
     days as (select * from document_days where program_id = any($1::text[]))
     select
       (select count(*) from counts)::int as count_rows,
       (select count(*) from days)::int as day_rows,
       (select count(*) from actual a full join counts c
          on c.program_id = a.program_id and c.type_id = a.type_id and c.created_by = a.created_by
         where a.n is distinct from c.n or a.module is distinct from c.module)::int as count_mismatches,
       (select count(*) from actual_days a full join days d
          on d.day = a.day and d.program_id = a.program_id and d.created_by = a.created_by
         where a.n is distinct from d.n)::int as day_mismatches,
       (select count(*) from actual_stretches a
          full join (select * from document_seq_counts where program_id = any($1::text[]) and n > 0) s
          on s.program_id = a.program_id and s.module = a.module and s.type_id = a.type_id and s.stretch = a.stretch
         where a.n is distinct from s.n)::int as stretch_mismatches,
       (select count(*) from documents where program_id = any($1::text[]))::int as documents,
       (select coalesce(sum(n), 0) from counts)::int as counted`,
    [programIds],
  );
  const r = rows[0]!;
  return {
    countRows: r.count_rows,
    dayRows: r.day_rows,
    countMismatches: r.count_mismatches,
    dayMismatches: r.day_mismatches,
    stretchMismatches: r.stretch_mismatches,
    documents: r.documents,
    counted: r.counted,
  };
}
