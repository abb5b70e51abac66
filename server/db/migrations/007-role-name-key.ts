/**
 * Role names are unique by what a reader sees, not by their bytes: each role stores the key
 * roleNameKey() computes (accents, invisible characters, full-width and lookalike letters
 * folded), and the unique index moves from lower(role) to that key. The key is computed in
 * JavaScript, the one place that defines it, so the index and the reserved-name check agree.
 */
import { sql, type Kysely } from 'kysely';
import { roleNameKey } from '../../auth/role-name.ts';

/** The roles table as this migration finds it (its own view: later migrations may change the table). */
interface RolesTable {
  id: string;
  role: string;
  name_key: string | null;
  created_at: Date;
}

export async function up(migrating: Kysely<unknown>): Promise<void> {
  const db = migrating.withTables<{ roles: RolesTable }>();
  await sql`alter table roles add column name_key text`.execute(db);
  const roles = await db.selectFrom('roles').select(['id', 'role']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set<string>();
  for (const { id, role } of roles) {
    // Names the old rule let coexist but the new one calls the same (e.g. 'Admin' and a
    // Cyrillic 'Аdmin'): the older keeps its name, the later ones get a visible number.
    let name = role;
    for (let n = 2; taken.has(roleNameKey(name)); n++) name = `${role} (${n})`;
    taken.add(roleNameKey(name));
    await db
      .updateTable('roles')
      .set({ role: name, name_key: roleNameKey(name) })
      .where('id', '=', id)
      .execute();
  }
  await sql`alter table roles alter column name_key set not null`.execute(db);
  await sql`drop index if exists roles_role_unique`.execute(db);
  // Keeps the old index's name: a violation still names the "role" field (GenericStore).
  await sql`create unique index roles_role_unique on roles (name_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists roles_role_unique`.execute(db);
  await sql`alter table roles drop column name_key`.execute(db);
  await sql`create unique index roles_role_unique on roles (lower(role))`.execute(db);
}
