/**
 * 025-sync-read-shapes: what a pulling device asks for, kept ready at each write rather than
 * worked out at each read (a device asks after every batch of 100 documents):
 *
 * - `sync_counts`: each database's figures (live and deleted documents, last sequence), so
 *   `GET /{db}` is one row, not a count over the database;
 * - `sync_docs.leaves`: the document's leaf revisions, the winner first, for the changes feed;
 * - `sync_revs.revisions` and `sync_revs.deleted`: each revision's history (`_revisions`) and
 *   whether it is a deletion, so `_bulk_get` answers without reading the revision tree.
 *
 * Existing rows are filled from their trees (rev-tree.ts, PouchDB's merge code).
 */
import { sql, type Kysely } from 'kysely';
import { isDeleted, type RevTree } from 'pouchdb-merge';
import { leavesOf, revisionsOf } from '../../sync/rev-tree.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sync_counts (
      db text primary key,
      live bigint not null default 0,
      deleted bigint not null default 0,
      last_seq bigint not null default 0
    )`.execute(db);
  await sql`alter table sync_docs add column if not exists leaves text[] not null default '{}'`.execute(db);
  await sql`alter table sync_revs add column if not exists revisions jsonb`.execute(db);
  await sql`alter table sync_revs add column if not exists deleted boolean not null default false`.execute(db);
  await sql`
    insert into sync_counts (db, live, deleted, last_seq)
    select db, count(*) filter (where not deleted), count(*) filter (where deleted), max(seq) from sync_docs group by db
    on conflict (db) do nothing`.execute(db);
  // Fill the new columns document by document, in pages by key.
  let after = { db: '', id: '' };
  for (;;) {
    const { rows } = await sql<{ db: string; id: string; rev_tree: RevTree; winning_rev: string }>`
      select db, id, rev_tree, winning_rev from sync_docs where (db, id) > (${after.db}, ${after.id}) order by db, id limit 500`.execute(
      db,
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      await sql`update sync_docs set leaves = ${leavesOf(row.rev_tree, row.winning_rev)}::text[] where db = ${row.db} and id = ${row.id}`.execute(
        db,
      );
      const { rows: revs } = await sql<{ rev: string }>`select rev from sync_revs where db = ${row.db} and id = ${row.id}`.execute(db);
      for (const { rev } of revs) {
        await sql`
          update sync_revs set revisions = ${JSON.stringify(revisionsOf(row.rev_tree, rev) ?? null)}::jsonb,
            deleted = ${isDeleted({ rev_tree: row.rev_tree }, rev)}
          where db = ${row.db} and id = ${row.id} and rev = ${rev}`.execute(db);
      }
    }
    after = rows.at(-1)!;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_revs drop column if exists deleted`.execute(db);
  await sql`alter table sync_revs drop column if exists revisions`.execute(db);
  await sql`alter table sync_docs drop column if exists leaves`.execute(db);
  await sql`drop table if exists sync_counts`.execute(db);
}
