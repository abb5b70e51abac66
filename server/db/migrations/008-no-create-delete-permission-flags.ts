/**
 * can_create_permission and can_delete_permission guarded nothing (a role's checklist is read
 * and changed, never created or deleted) and are gone from the permission schema: take them out
 * of every stored role, so no role shows or grants a flag that no longer exists.
 */
import { sql, type Kysely } from 'kysely';

export const REMOVED_FLAGS = ['can_create_permission', 'can_delete_permission'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const flags = sql.val([...REMOVED_FLAGS]);
  await sql`update roles set permission = permission - ${flags}::text[] where permission ?| ${flags}::text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back as switched off; the Admin role is given every flag of the schema again at the next start.
  const off = JSON.stringify(Object.fromEntries(REMOVED_FLAGS.map((f) => [f, false])));
  await sql`update roles set permission = ${off}::jsonb || permission`.execute(db);
}
