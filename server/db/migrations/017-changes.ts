/**
 * 017-changes: the change log. One row per write (or refused attempt worth knowing), written in
 * the same transaction as the write it describes, so a change is recorded exactly when it happens.
 *
 * - `seq` is global and follows commit order: a writer takes a transaction-scoped advisory lock
 *   just before it takes its `seq` (server/changes/change-log.ts), so transactions that record a
 *   change commit in `seq` order, and a reader that has seen `seq` N has seen every row below N
 *   that will ever exist. A rolled-back write leaves a hole in the numbers, never a row that shows
 *   up later below a reader's position.
 * - `revision` counts the changes of one record (`change_revisions`, kept apart so that dropping
 *   old months never restarts a record's count).
 * - Monthly partitions on `at`, so retention drops a month at once; a default partition catches
 *   anything outside the months made ahead, so a write never fails for want of one.
 * - Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE; only dropping a whole month (DDL)
 *   removes rows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence if not exists changes_seq`.execute(db);
  await sql`
    create table if not exists changes (
      seq bigint not null default nextval('changes_seq'),
      at timestamptz not null default now(),
      resource text not null,
      record_id text,
      revision integer,
      action text not null,
      actor_id text,
      actor_email text,
      actor_role text,
      session_id text,
      client text,
      address text,
      request_id text,
      program_id text,
      fields jsonb not null default '{}'::jsonb,
      primary key (seq, at)
    ) partition by range (at)`.execute(db);
  await sql`create table if not exists changes_default partition of changes default`.execute(db);
  await sql`create index if not exists changes_seq_idx on changes (seq)`.execute(db);
  await sql`create index if not exists changes_record_idx on changes (resource, record_id, seq)`.execute(db);
  await sql`create index if not exists changes_program_idx on changes (program_id, seq) where program_id is not null`.execute(db);
  await sql`create index if not exists changes_actor_idx on changes (actor_id, seq) where actor_id is not null`.execute(db);

  await sql`
    create table if not exists change_revisions (
      resource text not null,
      record_id text not null,
      revision integer not null,
      primary key (resource, record_id)
    )`.execute(db);

  await sql`
    create or replace function changes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the change log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`drop trigger if exists changes_no_update on changes`.execute(db);
  await sql`create trigger changes_no_update before update or delete on changes for each row execute function changes_append_only()`.execute(
    db,
  );
  await sql`drop trigger if exists changes_no_truncate on changes`.execute(db);
  await sql`create trigger changes_no_truncate before truncate on changes for each statement execute function changes_append_only()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists changes`.execute(db);
  await sql`drop table if exists change_revisions`.execute(db);
  await sql`drop function if exists changes_append_only()`.execute(db);
  await sql`drop sequence if exists changes_seq`.execute(db);
}
