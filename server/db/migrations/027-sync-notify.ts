/**
 * 027-sync-notify: every statement that writes to the offline databases (`sync_docs`) sends a
 * notification on the channel `fieldbase_sync` when its transaction commits, whichever instance
 * wrote it. A device waiting on a longpoll of any instance is woken by it
 * (server/db/change-signal.ts) instead of each waiting request reading `sync_seq` four times a
 * second. PostgreSQL sends one notification per transaction however many statements fire it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function fieldbase_notify_sync() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fieldbase_sync', '');
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists sync_docs_notify on sync_docs`.execute(db);
  await sql`
    create trigger sync_docs_notify after insert or update on sync_docs
    for each statement execute function fieldbase_notify_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists sync_docs_notify on sync_docs`.execute(db);
  await sql`drop function if exists fieldbase_notify_sync()`.execute(db);
}
