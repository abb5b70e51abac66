/**
 * 026-rate-limits: the request counts of @fastify/rate-limit, in PostgreSQL rather than in each
 * process's memory, so that a limit holds whichever instance a request reaches
 * (server/http/rate-limit-store.ts). UNLOGGED: no write-ahead log for a row written at every
 * counted request; a crash of PostgreSQL empties the table, which only starts the windows again.
 * No index but the key's, and pages half full, so that a count rewrites its row in place (a
 * HOT update); the sweep reads the whole table, which holds one row per recent address and route.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table if not exists rate_limits (
      key text primary key,
      hits integer not null,
      window_ends timestamptz not null
    ) with (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limits`.execute(db);
}
