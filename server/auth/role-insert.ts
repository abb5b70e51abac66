/**
 * Adding a role: its slug is derived from the name and must be unique, also when many roles
 * whose names share a slug ("Data Clerk", "data clerk!", "Data-Clerk") are added at the same
 * moment. Each try inserts with ON CONFLICT DO NOTHING; a try that inserted nothing either met
 * the same name (a 409) or lost its slug to a concurrent add (take the next free one).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { permissionFlags, resourceEntry, resourceSchema } from '@model/schema-registry.ts';
import { roleNameKey } from './role-name.ts';

// Each lost try means another add of the same slug succeeded: this bounds the crowd, not a wait.
const MAX_TRIES = 200;

export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'role'
  );
}

/** "field-staff", or "field-staff-2" when taken: the slug names a role in code and never changes. */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (await db.selectFrom('roles').select('role_slug').where('role_slug', 'like', `${base}%`).execute()).map((r) => r.role_slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const duplicateName = () =>
  problems.duplicate(resourceEntry('role').label.one, 'role', resourceSchema('role').properties.role?.title ?? 'Role');

/** Inserts an active or inactive role with every flag off; answers the stored row. */
export async function insertRole(db: Db, role: string, status: boolean, now: Date) {
  const nameKey = roleNameKey(role);
  const base = slugify(role);
  const noFlags = JSON.stringify(Object.fromEntries(permissionFlags.map((f) => [f.name, false])));
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const inserted = await db
      .insertInto('roles')
      .values({
        id: randomUUID(),
        role,
        name_key: nameKey,
        role_slug: await freeSlug(db, base),
        status,
        permission: noFlags,
        created_at: now,
        updated_at: now,
      })
      .onConflict((c) => c.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    const sameName = await db.selectFrom('roles').select('id').where('name_key', '=', nameKey).executeTakeFirst();
    if (sameName) throw duplicateName();
  }
  throw problems.changedMeanwhile('Many roles with similar names were added at the same moment; please try again');
}
