/** For tests that hold a row on purpose: wait until another statement is blocked on a lock. */
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/** Generous: on a loaded machine the other request may take seconds to reach its lock. */
const PATIENCE_MS = 60_000;

export async function untilSomeoneWaitsOnALock(db: Db, what: string, atLeast = 1): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]!.n) >= atLeast) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what} never waited on a lock`);
}
