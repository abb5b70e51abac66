/**
 * A deleted user releases what they held: their e-mail may be used again (the unique index
 * covers live users only), and their role may be deleted (role_id may become null for them).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_email_unique`.execute(db);
  await sql`create unique index users_email_unique on users (lower(email)) where deleted_at is null`.execute(db);
  await sql`alter table users alter column role_id drop not null`.execute(db);
  await sql`alter table users add constraint users_live_have_role check (deleted_at is not null or role_id is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_live_have_role`.execute(db);
  await sql`alter table users alter column role_id set not null`.execute(db);
  await sql`drop index if exists users_email_unique`.execute(db);
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
}
