/**
 * A deleted user releases their designation too, as they release their role (003): the
 * designation may then be deleted, designation_id becoming null for deleted users only.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users alter column designation_id drop not null`.execute(db);
  await sql`alter table users add constraint users_live_have_designation check (deleted_at is not null or designation_id is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_live_have_designation`.execute(db);
  // A released designation cannot come back: those deleted users keep the first designation there is.
  await sql`update users set designation_id = (select id from designation order by created_at limit 1) where designation_id is null`.execute(
    db,
  );
  await sql`alter table users alter column designation_id set not null`.execute(db);
}
