/**
 * 029-user-language: the language a user chose for the console (en, fr or ar), kept with them so
 * it follows them to another browser; null until they choose (the device's choice, then the
 * organisation's default language, stand until then).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists language text check (language in ('en', 'fr', 'ar'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists language`.execute(db);
}
