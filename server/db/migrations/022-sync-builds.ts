/**
 * 022-sync-builds: how the server keeps the program databases (server/sync/) in step with the
 * configuration they copy.
 *
 * - `sync_builds`: per database, when it was last built from the configuration and what it held.
 * - `sync_dependencies`: per database, every record its last build read (the program, its type
 *   records, the forms they use, the view lists those pick from), so a change-log row about one
 *   of them names the databases to build again, and nothing else.
 * - `sync_follow`: how far the follower has read the change log. It starts at the log's end: a
 *   database never built is built when it is first asked for, so no history needs replaying.
 *
 * The Sync flags of the permission schema go to the Program Manager role as well (Admin gets
 * every new flag at start).
 */
import { sql, type Kysely } from 'kysely';

export const SYNC_FLAGS_OF_PROGRAM_MANAGERS = ['can_sync_program', 'can_sync_view_list', 'can_add_sync_user', 'can_compact_sync'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sync_builds (
      db text primary key,
      built_at timestamptz not null,
      documents integer not null,
      written integer not null,
      deleted integer not null
    )`.execute(db);
  await sql`
    create table if not exists sync_dependencies (
      db text not null,
      resource text not null,
      record_id text not null,
      primary key (db, resource, record_id)
    )`.execute(db);
  await sql`create index if not exists sync_dependencies_record on sync_dependencies (resource, record_id)`.execute(db);
  await sql`create table if not exists sync_follow (name text primary key, seq bigint not null)`.execute(db);
  await sql`insert into sync_follow (name, seq) select 'programs', coalesce(max(seq), 0) from changes on conflict do nothing`.execute(db);
  const flags = JSON.stringify(Object.fromEntries(SYNC_FLAGS_OF_PROGRAM_MANAGERS.map((f) => [f, true])));
  await sql`
    update roles set permission = ${flags}::jsonb || permission
    where role_slug = 'program-manager'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sync_follow`.execute(db);
  await sql`drop table if exists sync_dependencies`.execute(db);
  await sql`drop table if exists sync_builds`.execute(db);
}
