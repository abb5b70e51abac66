/**
 * 030-document-seq-counts: how many documents of each program and type sit in each stretch of
 * 16,384 `seq` numbers (seq >> 14, document-counters.ts STRETCH_BITS), kept with the other counters in the document's own transaction. A page
 * jump (`pageNo`) sums these few rows to find the stretch its first row is in, then skips at most
 * that stretch's rows in the index, instead of every row before the page.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table document_seq_counts (
      program_id text not null references programs (id) on delete cascade,
      module text not null,
      type_id text not null,
      stretch bigint not null,
      n bigint not null default 0 check (n >= 0),
      primary key (program_id, module, type_id, stretch)
    )`.execute(db);
  await sql`
    insert into document_seq_counts (program_id, module, type_id, stretch, n)
    select program_id, module, type_id, seq >> 14, count(*) from documents group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists document_seq_counts`.execute(db);
}
