/** Roles and users written straight into the database, for cases the seed does not cover. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { roleNameKey } from '../../server/auth/role-name.ts';
import { permissionFlags } from '@model/schema-registry.ts';

/** Every flag of the permission schema set to `value`, then the exceptions applied. */
export function flags(value: boolean, except: Record<string, boolean> = {}): Record<string, boolean> {
  return { ...Object.fromEntries(permissionFlags.map((f) => [f.name, value])), ...except };
}

export async function insertRole(
  db: Db,
  opts: { role?: string; permission: Record<string, boolean>; status?: boolean },
): Promise<{ id: string; role: string; role_slug: string }> {
  const id = randomUUID();
  const role = opts.role ?? `Role ${id.slice(0, 8)}`;
  const role_slug = role
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  await db
    .insertInto('roles')
    .values({
      id,
      role,
      name_key: roleNameKey(role),
      role_slug,
      status: opts.status ?? true,
      permission: JSON.stringify(opts.permission),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  return { id, role, role_slug };
}

export async function roleIdBySlug(db: Db, slug: string): Promise<string> {
  const row = await db.selectFrom('roles').select('id').where('role_slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

/** The seeded 'Administrator' designation, which every inserted user gets unless told otherwise. */
export async function anyDesignationId(db: Db): Promise<string> {
  const row = await db.selectFrom('designation').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertUser(
  db: Db,
  opts: { email: string; password: string; roleId: string; status?: boolean; first_name?: string; last_name?: string },
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('users')
    .values({
      id,
      employeeId: `EMP-${id.slice(0, 8)}`,
      first_name: opts.first_name ?? 'Test',
      last_name: opts.last_name ?? 'Person',
      email: opts.email,
      mobile: '9876543210',
      designation_id: await anyDesignationId(db),
      role_id: opts.roleId,
      status: opts.status ?? true,
      password_hash: await hashPassword(opts.password),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email: opts.email };
}

let bodySerial = 0;

/** A valid POST /user body, unique on every call (employee ID, last name, e-mail). */
export function newUserBody(designation: string, role: string, extra: Record<string, unknown> = {}) {
  const n = ++bodySerial;
  return {
    employeeId: `N-${n}`,
    first_name: 'New',
    last_name: `Person${n}`,
    email: `person${n}@example.com`,
    mobile: '9876543210',
    designation,
    role,
    password: 'new person passphrase',
    ...extra,
  };
}
