/**
 * A user has at most one live password reset link: asking for a new one retires the older
 * ones. The partial unique index makes that hold even when two requests race; links that are
 * live today are retired except each user's newest.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update password_resets p set used_at = now()
    where used_at is null
      and exists (
        select 1 from password_resets newer
        where newer.user_id = p.user_id and newer.used_at is null
          and (newer.created_at, newer.id) > (p.created_at, p.id)
      )`.execute(db);
  await sql`create unique index password_resets_one_live_per_user on password_resets (user_id) where used_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists password_resets_one_live_per_user`.execute(db);
}
