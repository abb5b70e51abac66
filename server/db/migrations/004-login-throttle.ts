/**
 * Sign-in failures counted per account and client address (a lock for one address), and per
 * account (a slow-down and a notice to the owner when many addresses fail). Both tables are
 * unlogged: they are written on every sign-in, and losing them in a crash only forgets who
 * failed lately, so they need no WAL flush. The old per-e-mail counts are dropped.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
  await sql`
    create unlogged table login_failures (
      email text not null,
      address text not null,
      failures integer not null default 0,
      last_failure_at timestamptz,
      in_flight integer not null default 0,
      in_flight_at timestamptz,
      primary key (email, address)
    )`.execute(db);
  await sql`
    create unlogged table login_account_failures (
      email text primary key,
      failures integer not null,
      last_failure_at timestamptz not null,
      notified_at timestamptz,
      notified_at_failures integer
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_account_failures').ifExists().execute();
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
