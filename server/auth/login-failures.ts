/**
 * Lockout by e-mail address, known or not, so that a locked answer reveals nothing about
 * which addresses have accounts.
 */
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';

/** Minutes left on a lock, or 0 when the address may try. */
export async function lockedMinutes(db: Db, email: string, now: Date): Promise<number> {
  const row = await db.selectFrom('login_failures').select('locked_until').where('email', '=', email).executeTakeFirst();
  if (!row?.locked_until || row.locked_until <= now) return 0;
  return Math.max(1, Math.ceil((row.locked_until.getTime() - now.getTime()) / 60_000));
}

export async function recordFailure(db: Db, config: Config, email: string, now: Date): Promise<void> {
  const existing = await db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst();
  // A lock that has run out starts a fresh count.
  const previous = existing && !(existing.locked_until && existing.locked_until <= now) ? existing.failures : 0;
  const failures = previous + 1;
  const locked_until =
    failures >= config.lockout.maxFailures ? new Date(now.getTime() + config.lockout.lockSeconds * 1000) : null;
  await db
    .insertInto('login_failures')
    .values({ email, failures, locked_until, last_failure_at: now })
    .onConflict((c) => c.column('email').doUpdateSet({ failures, locked_until, last_failure_at: now }))
    .execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
