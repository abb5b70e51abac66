/**
 * Someone must always be able to edit roles: otherwise no flag, however wrongly switched off,
 * can be switched on again. A write that could take that ability away (a role's flags or
 * status, a user's role, status or deletion) runs inside keepingARoleEditor: under one lock
 * for all such writes, so two admins each removing "the other" editor at the same moment are
 * checked one after the other, and rolled back when nobody would be left.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';

/**
 * What editing roles takes: signing in to the console, opening and changing a role, reading
 * and saving its permission checklist (GET and PATCH /permission/{id}).
 */
export const ROLE_EDITOR_FLAGS = [
  'can_access_dashboard',
  'can_get_role',
  'can_edit_role',
  'can_get_permission',
  'can_edit_permission',
] as const;

// Any fixed number distinct from the start-up lock (server/db/migrate.ts).
const ROLE_EDITORS_LOCK = 7_301_2027;

/**
 * Takes the role-editors lock (held until the transaction ends). Take it before any row lock,
 * so every writer takes locks in the same order.
 */
export async function lockRoleEditors(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ROLE_EDITORS_LOCK})`.execute(trx);
}

/** Refuses (and so rolls back the transaction) when no live, active user of an active role can edit roles. */
export async function assertSomeoneCanEditRoles(trx: Db): Promise<void> {
  const editorFlags = JSON.stringify(Object.fromEntries(ROLE_EDITOR_FLAGS.map((f) => [f, true])));
  const row = await trx
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', true)
    .where('r.status', '=', true)
    .where(sql<boolean>`r.permission @> ${editorFlags}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw problems.lastRoleEditor();
}

/** Runs `work` in a transaction under the role-editors lock, and keeps it only if someone can still edit roles. */
export async function keepingARoleEditor<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockRoleEditors(trx);
    const result = await work(trx);
    await assertSomeoneCanEditRoles(trx);
    return result;
  });
}
