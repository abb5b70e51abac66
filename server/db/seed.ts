/**
 * First start: the three roles (Admin, Program Manager, Field Staff), one designation and the admin user. Runs only on
 * an empty users table, in one transaction, so a crash half-way leaves nothing half-seeded.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { Config } from '../config.ts';
import { permissionFlags } from '@model/schema-registry.ts';
import { hashPassword } from '../auth/passwords.ts';
import { roleNameKey } from '../auth/role-name.ts';
import { SYNC_FLAGS_OF_PROGRAM_MANAGERS } from './migrations/022-sync-builds.ts';

const allFlags = (value: (flag: string) => boolean) => Object.fromEntries(permissionFlags.map((f) => [f.name, value(f.name)]));

const PROGRAM_MANAGER = new Set([
  'can_access_dashboard',
  'can_access_app',
  'can_access_mobile',
  'can_get_user',
  'can_get_role',
  'can_get_designation',
  'can_add_document',
  'can_edit_document',
  'can_edit_own_document',
  'can_delete_own_document',
  'can_see_all_docs',
  'can_explore_data',
  // Runs the programs it is given; adding, deleting and locking programs stay the Admin's.
  'can_get_program',
  'can_edit_program',
  'can_manage_program_team',
  'can_manage_program_types',
  'can_manage_program_goals',
  'can_send_program_notifications',
  ...SYNC_FLAGS_OF_PROGRAM_MANAGERS,
]);
const FIELD_STAFF = new Set([
  'can_access_app',
  'can_access_mobile',
  'can_add_document',
  'can_edit_own_document',
  'can_delete_own_document',
]);

export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  /** Only when generated now: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * The Admin role holds every flag, including flags added to the permission schema after it
 * was created; otherwise nobody could hold, and so grant, a new flag.
 */
export async function grantAdminEveryFlag(db: Db): Promise<void> {
  const admin = await db.selectFrom('roles').select(['id', 'permission']).where('role_slug', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  const missing = permissionFlags.filter((f) => admin.permission[f.name] !== true);
  if (!missing.length) return;
  await db
    .updateTable('roles')
    .set({ permission: JSON.stringify({ ...admin.permission, ...allFlags(() => true) }) })
    .where('id', '=', admin.id)
    .execute();
}

export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) {
    await grantAdminEveryFlag(db);
    return { seeded: false, adminEmail: config.adminEmail };
  }

  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
  const now = config.clock.now();
  const adminRoleId = randomUUID();
  const designationId = randomUUID();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('roles')
      .values([
        {
          id: adminRoleId,
          role: 'Admin',
          name_key: roleNameKey('Admin'),
          role_slug: 'admin',
          permission: JSON.stringify(allFlags(() => true)),
          created_at: now,
          updated_at: now,
        },
        {
          id: randomUUID(),
          role: 'Program Manager',
          name_key: roleNameKey('Program Manager'),
          role_slug: 'program-manager',
          permission: JSON.stringify(allFlags((f) => PROGRAM_MANAGER.has(f))),
          created_at: now,
          updated_at: now,
        },
        {
          id: randomUUID(),
          role: 'Field Staff',
          name_key: roleNameKey('Field Staff'),
          role_slug: 'field-staff',
          permission: JSON.stringify(allFlags((f) => FIELD_STAFF.has(f))),
          created_at: now,
          updated_at: now,
        },
      ])
      .onConflict((c) => c.column('role_slug').doNothing())
      .execute();
    const role = await trx.selectFrom('roles').select('id').where('role_slug', '=', 'admin').executeTakeFirstOrThrow();
    await trx
      .insertInto('designation')
      .values({ id: designationId, name: 'Administrator', status: true, created_at: now, updated_at: now })
      .onConflict((c) => c.doNothing())
      .execute();
    const designation = await trx
      .selectFrom('designation')
      .select('id')
      .where(sql`lower(name)`, '=', 'administrator')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values({
        id: randomUUID(),
        employeeId: 'ADMIN-1',
        first_name: 'Admin',
        last_name: 'User',
        email: config.adminEmail,
        mobile: '0000000000',
        designation_id: designation.id,
        role_id: role.id,
        password_hash: passwordHash,
        builtin: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return { seeded: true, adminEmail: config.adminEmail, generatedPassword };
}
