/**
 * Someone must always be able to edit roles: otherwise no flag, however wrongly switched off,
 * can be switched on again. A write that could take that ability away (a role's flags or
 * status, a user's role, status or deletion) runs inside keepingARoleEditor: under one lock
 * for all such writes, so two admins each removing "the other" editor at the same moment are
 * checked one after the other, and rolled back when nobody would be left.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
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

// Its own number (advisory-locks.ts). Sharing the change log's would deadlock: a role-editor
// write holds it from its start while it waits for a user's row, which another write holds while
// it waits for the change log's lock to record its change.
const ROLE_EDITORS_LOCK = ADVISORY_LOCKS.roleEditors;

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

/**
 * Runs `work` inside the write's transaction under the role-editors lock, and refuses (rolling the
 * transaction back) when nobody could edit roles after it.
 */
export async function keepingARoleEditor<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  await lockRoleEditors(trx);
  const result = await work();
  await assertSomeoneCanEditRoles(trx);
  return result;
}
