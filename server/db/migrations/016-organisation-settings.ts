/**
 * 016-organisation-settings: what an organisation sets once (its name and logo, default language,
 * time zone, map tiles), in one row. The logo's bytes live in the row, already re-encoded: it is
 * small (at most the photo limit), served to anyone (the login page shows it) and changes with
 * the rest in one transaction, with no file to lose or leave behind.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists organisation_settings (
      id boolean primary key default true check (id),
      organisation_name text not null default 'Fieldbase',
      default_language text not null default 'en',
      time_zone text not null default 'UTC',
      map_tiles_url text,
      logo bytea,
      logo_type text,
      logo_version integer not null default 0,
      updated_by text references users (id) on delete set null,
      updated_at timestamptz
    )`.execute(db);
  await sql`insert into organisation_settings (id) values (true) on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists organisation_settings`.execute(db);
}
