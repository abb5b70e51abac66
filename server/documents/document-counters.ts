/**
 * The counters every count and total is read from (migration 013): `document_counts` per
 * program, type and owner, and `document_days` per UTC day, program and owner. Whatever writes
 * or removes a document — the routes, the demo-data generator, a test — calls bumpCounters in
 * the same transaction, so the counters are exact at any moment and no reader needs count(*).
 *
 * An increment is an upsert; a decrement is a plain update (an upsert's insert half would
 * already break `n >= 0`, before the conflict is seen). Rows that reach 0 stay: deleting them
 * would race with a submission adding to the same row.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface CountedDocument {
  program_id: string;
  module: string;
  type_id: string;
  created_by: string;
  created_at: Date | string;
}

export async function bumpCounters(trx: Db, doc: CountedDocument, delta: 1 | -1): Promise<void> {
  if (delta === 1) return countNewDocuments(trx, [doc]);
  const day = sql`(${new Date(doc.created_at)}::timestamptz at time zone 'UTC')::date`;
  const counts = await sql`update document_counts set n = n - 1
    where program_id = ${doc.program_id} and type_id = ${doc.type_id} and created_by = ${doc.created_by}`.execute(trx);
  const days = await sql`update document_days set n = n - 1
    where day = ${day} and program_id = ${doc.program_id} and created_by = ${doc.created_by}`.execute(trx);
  // A document the counters never saw: refusing keeps the error visible instead of the totals quietly wrong.
  if (!counts.numAffectedRows || !days.numAffectedRows) throw new Error('document counters are missing the row of a removed document');
}

/**
 * Counts new documents, however many: one upsert per counter table (a type belongs to one
 * module), its rows in key order so two batches counting the same rows wait, never deadlock.
 */
export async function countNewDocuments(trx: Db, docs: CountedDocument[]): Promise<void> {
  if (!docs.length) return;
  const column = <K extends keyof CountedDocument>(key: K) => docs.map((doc) => doc[key]);
  const created = docs.map((doc) => new Date(doc.created_at));
  await sql`insert into document_counts (program_id, module, type_id, created_by, n)
    select program_id, min(module), type_id, created_by, count(*)
    from unnest(${column('program_id')}::text[], ${column('module')}::text[], ${column('type_id')}::text[], ${column('created_by')}::text[])
      as d(program_id, module, type_id, created_by)
    group by program_id, type_id, created_by
    order by program_id, type_id, created_by
    on conflict (program_id, type_id, created_by) do update set n = document_counts.n + excluded.n`.execute(trx);
  await sql`insert into document_days (day, program_id, created_by, n)
    select (created_at at time zone 'UTC')::date, program_id, created_by, count(*)
    from unnest(${created}::timestamptz[], ${column('program_id')}::text[], ${column('created_by')}::text[]) as d(created_at, program_id, created_by)
    group by 1, program_id, created_by
    order by 1, program_id, created_by
    on conflict (day, program_id, created_by) do update set n = document_days.n + excluded.n`.execute(trx);
}
