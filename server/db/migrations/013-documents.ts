/**
 * Documents field staff submit, their attachments, the counters every count and total is read
 * from, and export jobs.
 *
 * - A document is filled against one published form revision of a type record attached to a
 *   program's module. `seq` is the keyset key of every list (newest first): unique, never
 *   reused, and in the indexes that match each filter (program + type, program + module, and
 *   the same two for one owner), so a page at any depth is an index range scan.
 * - `local_id` is the mobile app's own id: a retry after a lost answer finds the same row.
 * - A document is "processed" once a reviewer marked it so (`processed_at`).
 * - Counts are never `count(*)` per request: `document_counts` (per program, type and owner)
 *   and `document_days` (per day, program and owner) are changed in the same transaction as
 *   the document, so they are exact, and any scope's total is a sum over a few rows.
 * - Exports are our own record of a job (who asked, what, progress, the file); the queue itself
 *   is pg-boss's, in its own schema of the same database.
 * - Sessions say which client opened them: the console, or the mobile app (which may call only
 *   the routes meant for it).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table documents (
      id text primary key,
      seq bigint generated always as identity,
      local_id text not null,
      program_id text not null references programs (id) on delete restrict,
      module text not null check (module in ('beneficiaries', 'locations', 'events', 'cases', 'surveys')),
      type_id text not null,
      form_revision_id text not null references form_revisions (id) on delete restrict,
      form_data jsonb not null default '{}'::jsonb check (jsonb_typeof(form_data) = 'object'),
      created_by text not null references users (id) on delete restrict,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      processed_at timestamptz,
      processed_by text references users (id) on delete set null
    )`.execute(db);
  await sql`create unique index documents_seq on documents (seq)`.execute(db);
  await sql`create unique index documents_local_id on documents (local_id)`.execute(db);
  await sql`create index documents_program_type_seq on documents (program_id, type_id, seq)`.execute(db);
  await sql`create index documents_program_module_seq on documents (program_id, module, seq)`.execute(db);
  await sql`create index documents_owner_type_seq on documents (created_by, program_id, type_id, seq)`.execute(db);
  await sql`create index documents_owner_module_seq on documents (created_by, program_id, module, seq)`.execute(db);
  await sql`create index documents_processed on documents (processed_at desc, seq desc) where processed_at is not null`.execute(db);
  await sql`create index documents_owner_processed on documents (created_by, processed_at desc, seq desc) where processed_at is not null`.execute(
    db,
  );
  // Which revisions a program's type (or module) was filled in, by an index probe per revision
  // (an export's columns); its leading column also serves the revision's foreign key.
  await sql`create index documents_revision on documents (form_revision_id, program_id, module, type_id)`.execute(db);

  // Files named by attachment answers (image, signature, file…). Uploaded before the document
  // that names them; a document takes only its submitter's unclaimed uploads.
  await sql`
    create table document_attachments (
      name text primary key,
      document_id text references documents (id) on delete cascade,
      uploaded_by text not null references users (id) on delete restrict,
      content_type text not null,
      size integer not null check (size >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index document_attachments_document on document_attachments (document_id)`.execute(db);

  await sql`
    create table document_counts (
      program_id text not null references programs (id) on delete cascade,
      module text not null,
      type_id text not null,
      created_by text not null,
      n bigint not null default 0 check (n >= 0),
      primary key (program_id, type_id, created_by)
    )`.execute(db);
  await sql`create index document_counts_owner on document_counts (created_by)`.execute(db);
  await sql`create index document_counts_module on document_counts (program_id, module)`.execute(db);

  await sql`
    create table document_days (
      day date not null,
      program_id text not null references programs (id) on delete cascade,
      created_by text not null,
      n bigint not null default 0 check (n >= 0),
      primary key (day, program_id, created_by)
    )`.execute(db);

  await sql`
    create table exports (
      id text primary key,
      requested_by text not null references users (id) on delete cascade,
      scope text not null check (scope in ('all', 'own')),
      program_id text not null references programs (id) on delete cascade,
      module text not null,
      type_id text,
      document_id text,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'cancelled', 'expired')),
      rows_total bigint not null default 0,
      rows_done bigint not null default 0,
      file_name text,
      file_size bigint,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      heartbeat_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz
    )`.execute(db);
  await sql`create index exports_requester on exports (requested_by, created_at desc)`.execute(db);

  await sql`alter table sessions add column if not exists client text not null default 'console' check (client in ('console', 'mobile'))`.execute(
    db,
  );

  // The Data Explorer is gated by a flag now; Program Managers had it by their menu rule.
  await sql`
    update roles set permission = permission || '{"can_explore_data": true}'::jsonb
    where role_slug = 'program-manager' and not (permission ? 'can_explore_data')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column if exists client`.execute(db);
  await sql`drop table if exists exports`.execute(db);
  await sql`drop table if exists document_days`.execute(db);
  await sql`drop table if exists document_counts`.execute(db);
  await sql`drop table if exists document_attachments`.execute(db);
  await sql`drop table if exists documents`.execute(db);
}
