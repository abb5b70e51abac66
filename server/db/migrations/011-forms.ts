/**
 * Custom forms: a form row holds the editable draft and keeps one id for life; publishing copies
 * the draft into a revision numbered 1, 2, 3… per form. Revisions are history: the database
 * itself refuses to change one, and removes them only with their form (on delete cascade).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table forms (
      id text primary key,
      name text not null,
      name_slug text not null,
      parent_id text references forms (id) on delete set null,
      structures jsonb not null default '[]'::jsonb,
      program_ids text[] not null default '{}',
      created_by text references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 0 check (version >= 0),
      draft_version integer not null default 0 check (draft_version >= 0),
      status boolean not null default true
    )`.execute(db);
  await sql`create index forms_name on forms (lower(name))`.execute(db);
  await sql`create index forms_program_ids on forms using gin (program_ids)`.execute(db);
  // created_by carries no foreign key: a revision is never updated, so "on delete set null" could
  // not run, and users are only ever deleted softly (their row stays).
  await sql`
    create table form_revisions (
      id text primary key,
      form_id text not null references forms (id) on delete cascade,
      version integer not null check (version >= 1),
      name text not null,
      structures jsonb not null,
      created_by text,
      created_at timestamptz not null default now(),
      unique (form_id, version)
    )`.execute(db);
  await sql`
    create function form_revisions_immutable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        raise exception 'form revisions are immutable' using errcode = 'restrict_violation';
      end if;
      -- A delete comes only with the form's own (the cascade runs after the form row is gone).
      if exists (select 1 from forms where id = old.form_id) then
        raise exception 'form revisions go only with their form' using errcode = 'restrict_violation';
      end if;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger form_revisions_immutable before update or delete on form_revisions
    for each row execute function form_revisions_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists form_revisions`.execute(db);
  await sql`drop function if exists form_revisions_immutable()`.execute(db);
  await sql`drop table if exists forms`.execute(db);
}
