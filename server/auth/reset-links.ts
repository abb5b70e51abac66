/**
 * Password reset links: a random token mailed to the user, kept only as its hash. A user has at
 * most one live link (the newest; a partial unique index holds it), and it dies when used, when
 * a newer one is asked for, and whenever the user's password or e-mail changes.
 *
 * Lock order: every write here locks the user's row first, then their links, like the user
 * changes do, so a reset racing an edit of the same user waits instead of deadlocking.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Locks a live (not deleted; with `active`, also active) user's row for the rest of the transaction; false when there is none. */
async function lockLiveUser(trx: Db, userId: string, opts: { active?: boolean } = {}): Promise<boolean> {
  let query = trx.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null);
  if (opts.active) query = query.where('status', '=', true);
  return Boolean(await query.forUpdate().executeTakeFirst());
}

/** Kills every live link of the user (call inside the transaction that changes their password or e-mail). */
export async function retireResetLinks(trx: Db, userId: string, now: Date): Promise<void> {
  await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export interface ResetLinkTimes {
  ttlSeconds: number;
  /** No new link while the live one is younger than this. */
  cooldownSeconds: number;
}

/**
 * A new link for a live, active user, replacing any older one; answers the token to mail, or
 * undefined when the user is gone or inactive by now, or their live link is still too young.
 */
export async function issueResetLink(db: Db, userId: string, now: Date, times: ResetLinkTimes): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction().execute(async (trx) => {
    if (!(await lockLiveUser(trx as never, userId, { active: true }))) return undefined;
    // Checked under the user's lock, so requests at the same moment issue one link, not one each.
    const recent = await trx
      .selectFrom('password_resets')
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('created_at', '>', new Date(now.getTime() - times.cooldownSeconds * 1000))
      .executeTakeFirst();
    if (recent) return undefined;
    await retireResetLinks(trx as never, userId, now);
    await trx
      .insertInto('password_resets')
      .values({
        id: randomUUID(),
        user_id: userId,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(now.getTime() + times.ttlSeconds * 1000),
      })
      .execute();
    return token;
  });
}

/**
 * Uses up the link inside `trx`: answers its user's id with their row locked, or undefined
 * when the link is unknown, expired, used, superseded, or its user deleted.
 */
export async function redeemResetLink(trx: Db, token: string, now: Date): Promise<string | undefined> {
  const tokenHash = sha256(token);
  const link = await trx.selectFrom('password_resets').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!link || !(await lockLiveUser(trx, link.user_id))) return undefined;
  // Marking it used in the statement that checks it makes the link single-use under concurrency.
  const used = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}
