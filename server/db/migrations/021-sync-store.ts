/**
 * 021-sync-store: the offline databases the mobile app replicates with (the CouchDB replication
 * protocol, server/sync/). Each database is a name (`program-{id}`, `user-{id}`) over these rows:
 *
 * - `sync_docs`: one row per document: its revision tree (PouchDB's own shape), the winning
 *   revision, whether the winner is a deletion, and `seq`, the database's change sequence at the
 *   document's last write (the `_changes` feed reads by it).
 * - `sync_revs`: the body of each revision the server holds (leaves, and ancestors until compacted).
 * - `sync_local`: `_local` documents (replication checkpoints), never replicated.
 *
 * `sync_seq` numbers every write; writers to one database take a transaction lock first, so the
 * order of `seq` is the order of commits and a feed reader never skips a document.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence if not exists sync_seq`.execute(db);
  await sql`
    create table if not exists sync_docs (
      db text not null,
      id text not null,
      rev_tree jsonb not null,
      winning_rev text not null,
      deleted boolean not null,
      seq bigint not null,
      primary key (db, id)
    )`.execute(db);
  await sql`create index if not exists sync_docs_feed on sync_docs (db, seq)`.execute(db);
  await sql`
    create table if not exists sync_revs (
      db text not null,
      id text not null,
      rev text not null,
      body jsonb not null,
      primary key (db, id, rev)
    )`.execute(db);
  await sql`
    create table if not exists sync_local (
      db text not null,
      id text not null,
      rev text not null,
      body jsonb not null,
      primary key (db, id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sync_local`.execute(db);
  await sql`drop table if exists sync_revs`.execute(db);
  await sql`drop table if exists sync_docs`.execute(db);
  await sql`drop sequence if exists sync_seq`.execute(db);
}
