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

/**
 * Takes locks in a transaction of its own and keeps it open: resolves once `lock` has run, so
 * the locks are held before the caller sends the requests that should meet them. The answer
 * runs `finish` (when given) in the same transaction, commits it, and may be called again.
 */
export async function holdLocks(
  db: Db,
  lock: (trx: Db) => Promise<unknown>,
  finish?: (trx: Db) => Promise<unknown>,
): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const held = db.transaction().execute(async (trx) => {
    await lock(trx);
    locked();
    await released;
    await finish?.(trx);
  });
  await Promise.race([taken, held]);
  return async () => {
    release();
    await held;
  };
}
