/**
 * 024-sync-conflicts: a document of the offline store with more than one live leaf (two devices
 * edited it offline) is marked, so the console can list the conflicts without reading every tree.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_docs add column if not exists conflicted boolean not null default false`.execute(db);
  await sql`create index if not exists sync_docs_conflicted on sync_docs (db, id) where conflicted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sync_docs_conflicted`.execute(db);
  await sql`alter table sync_docs drop column if exists conflicted`.execute(db);
}
