/**
 * 023-sync-documents: the submitted documents in the offline store (server/sync/). They live in
 * one shared database, `documents` (each under its local_id, with its revision tree and any
 * conflicts), that no device opens by name: a user's database, `user-{id}`, is the part of it that
 * user may read, plus that user's own status documents. `sync_document_scope` says per document
 * what the reading rule needs (its program and who submitted it) and which row of `documents` it
 * is; it outlives the row, so a deletion still reaches exactly the devices that held the document.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sync_document_scope (
      local_id text primary key,
      document_id text not null,
      program_id text not null,
      created_by text not null
    )`.execute(db);
  await sql`create unique index if not exists sync_document_scope_document on sync_document_scope (document_id)`.execute(db);
  await sql`create index if not exists sync_document_scope_program on sync_document_scope (program_id)`.execute(db);
  await sql`create index if not exists sync_document_scope_owner on sync_document_scope (created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sync_document_scope`.execute(db);
}
