/**
 * Lockout by e-mail address, known or not, so that a locked answer reveals nothing about
 * which addresses have accounts. Every attempt is counted *before* its password is checked,
 * in one atomic statement, so a burst of parallel guesses cannot slip past the limit; a
 * successful sign-in clears the count. Failures older than the lock period are forgotten.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';

export type AttemptVerdict = { allowed: true; attempt: number } | { allowed: false; minutesLeft: number };

export async function reserveAttempt(db: Db, config: Config, email: string, now: Date): Promise<AttemptVerdict> {
  const { maxFailures, lockSeconds } = config.lockout;
  const forgetBefore = new Date(now.getTime() - lockSeconds * 1000);
  const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
  const { rows } = await sql<{ failures: number; locked_until: Date | null }>`
    insert into login_failures (email, failures, locked_until, last_failure_at)
    values (${email}, 1, null, ${now})
    on conflict (email) do update set
      failures = case
        when login_failures.locked_until is not null and login_failures.locked_until <= ${now} then 1
        when login_failures.locked_until is null and login_failures.last_failure_at < ${forgetBefore} then 1
        else login_failures.failures + 1 end,
      locked_until = case
        when login_failures.locked_until > ${now} then login_failures.locked_until
        when login_failures.locked_until is not null then null
        when login_failures.last_failure_at < ${forgetBefore} then null
        when login_failures.failures + 1 > ${maxFailures} then ${lockUntil}::timestamptz
        else null end,
      last_failure_at = ${now}
    returning failures, locked_until`.execute(db);
  const row = rows[0]!;
  if (row.locked_until && row.locked_until > now) {
    return { allowed: false, minutesLeft: Math.max(1, Math.ceil((row.locked_until.getTime() - now.getTime()) / 60_000)) };
  }
  return { allowed: true, attempt: row.failures };
}

/** After a wrong password: the attempt that reached the limit starts the lock at once. */
export async function lockIfLimitReached(db: Db, config: Config, email: string, attempt: number, now: Date): Promise<void> {
  if (attempt < config.lockout.maxFailures) return;
  await db
    .updateTable('login_failures')
    .set({ locked_until: new Date(now.getTime() + config.lockout.lockSeconds * 1000) })
    .where('email', '=', email)
    .where('locked_until', 'is', null)
    .execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
