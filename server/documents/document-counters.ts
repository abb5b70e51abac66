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
  const createdAt = new Date(doc.created_at);
  const day = sql`(${createdAt}::timestamptz at time zone 'UTC')::date`;
  if (delta === 1) {
    await sql`insert into document_counts (program_id, module, type_id, created_by, n)
      values (${doc.program_id}, ${doc.module}, ${doc.type_id}, ${doc.created_by}, 1)
      on conflict (program_id, type_id, created_by) do update set n = document_counts.n + 1`.execute(trx);
    await sql`insert into document_days (day, program_id, created_by, n)
      values (${day}, ${doc.program_id}, ${doc.created_by}, 1)
      on conflict (day, program_id, created_by) do update set n = document_days.n + 1`.execute(trx);
    return;
  }
  const counts = await sql`update document_counts set n = n - 1
    where program_id = ${doc.program_id} and type_id = ${doc.type_id} and created_by = ${doc.created_by}`.execute(trx);
  const days = await sql`update document_days set n = n - 1
    where day = ${day} and program_id = ${doc.program_id} and created_by = ${doc.created_by}`.execute(trx);
  // A document the counters never saw: refusing keeps the error visible instead of the totals quietly wrong.
  if (!counts.numAffectedRows || !days.numAffectedRows) throw new Error('document counters are missing the row of a removed document');
}
