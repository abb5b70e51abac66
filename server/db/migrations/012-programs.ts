/**
 * Programs, their goals and notifications, and who has read each notification.
 *
 * A program's lists of ids (heads, team, the record types it uses) are jsonb arrays so that
 * attaching or detaching one is a single statement that cannot lose a concurrent change:
 * `teams || jsonb_build_array($id)` guarded by `not teams @> jsonb_build_array($id)`, and
 * `teams - $id` (jsonb's `-` removes every string element equal to it). A user is a head or a
 * member, never both. The built-in admin account (the user the first start seeds) is marked, so
 * it can be kept out of the program head picker.
 */
import { sql, type Kysely } from 'kysely';

const ID_LIST = `jsonb not null default '[]'::jsonb check (jsonb_typeof(%s) = 'array')`;
const idList = (column: string) => `${column} ${ID_LIST.replace('%s', column)}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists builtin boolean not null default false`.execute(db);
  // The account the first start created: the oldest user of the admin role.
  await sql`
    update users set builtin = true where id = (
      select u.id from users u join roles r on r.id = u.role_id
      where r.role_slug = 'admin' order by u.created_at, u.id limit 1)
    and not exists (select 1 from users where builtin)`.execute(db);

  await sql
    .raw(
      `create table programs (
        id text primary key,
        name text not null,
        name_slug text not null,
        description text not null default '',
        photo text,
        status boolean not null default true,
        ${idList('program_head')},
        ${idList('teams')},
        no_of_days_for_edit_program integer not null default 0 check (no_of_days_for_edit_program >= 0),
        document_visible text not null default 'ALL' check (document_visible in ('ALL', 'OWN')),
        lock_program smallint not null default 0 check (lock_program in (0, 1)),
        ${idList('beneficiary_types')},
        ${idList('location_types')},
        ${idList('event_types')},
        ${idList('survey_types')},
        ${idList('case_types')},
        ${idList('permission_files')},
        active_module jsonb not null default '{"beneficiaries": true, "locations": true, "events": true, "cases": true, "surveys": true, "permission": true}'::jsonb,
        created_by text references users (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
    )
    .execute(db);
  // Two programs cannot share a name, whatever its case: the index decides between concurrent creates.
  await sql`create unique index programs_name_unique on programs (lower(name))`.execute(db);
  await sql`create unique index programs_name_slug_unique on programs (name_slug)`.execute(db);
  // "Which programs is this user on" (the mobile app's notifications) and "who holds this type".
  await sql`create index programs_teams on programs using gin (teams jsonb_path_ops)`.execute(db);
  await sql`create index programs_program_head on programs using gin (program_head jsonb_path_ops)`.execute(db);

  await sql`
    create table goals (
      id text primary key,
      program_id text not null references programs (id) on delete cascade,
      document_type text not null check (document_type in ('BENEFICIARY', 'LOCATION', 'EVENT', 'SURVEY', 'CASE')),
      goal_type text not null,
      target integer not null check (target >= 1),
      is_pinned boolean not null default false,
      created_by text references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (program_id, goal_type)
    )`.execute(db);

  await sql`
    create table notifications (
      id text primary key,
      program_id text not null references programs (id) on delete cascade,
      title text not null,
      body text not null,
      created_by text references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notifications_program on notifications (program_id, created_at desc)`.execute(db);

  await sql`
    create table notification_reads (
      notification_id text not null references notifications (id) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      read_at timestamptz not null default now(),
      primary key (notification_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notification_reads`.execute(db);
  await sql`drop table if exists notifications`.execute(db);
  await sql`drop table if exists goals`.execute(db);
  await sql`drop table if exists programs`.execute(db);
  await sql`alter table users drop column if exists builtin`.execute(db);
}
