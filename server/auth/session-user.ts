/** The user record as the wire shows it (and, re-exported, the signed-in user as routes see them). */
import type { Db } from '../db/database.ts';
import { rowToWire } from '../db/columns.ts';

// Who calls, as authentication knows them (http/session.ts); the user record as the wire shows it is here.
export { ENTRY_FLAG, type SessionClient, type SessionUser } from '../http/session.ts';

/** What a user row shows of the user, their role and their designation (a list row: no flags). */
export const USER_ROW_COLUMNS = [
  'u.id',
  'u.employeeId',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.mobile',
  'u.photo',
  'u.status',
  'u.builtin',
  'u.language',
  'u.created_at',
  'u.updated_at',
  'r.id as role_id',
  'r.role as role_name',
  'r.role_slug',
  'd.id as designation_id',
  'd.name as designation_name',
] as const;

/** Users joined with their role (with its flags) and designation, never with the password hash. */
export function userViewQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .innerJoin('designation as d', 'd.id', 'u.designation_id')
    .select([...USER_ROW_COLUMNS, 'r.permission']);
}

type UserViewRow = Record<string, unknown> & {
  id: string;
  first_name: string;
  last_name: string;
};

export function userRowToWire(row: UserViewRow): Record<string, unknown> {
  const { role_id, role_name, role_slug, permission, designation_id, designation_name, ...user } = row;
  return {
    ...rowToWire(user),
    fullname: `${row.first_name} ${row.last_name}`,
    role: { _id: role_id, role: role_name, role_slug, permission },
    designation: { _id: designation_id, name: designation_name },
  };
}

export async function loadUserView(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  const row = await userViewQuery(db).where('u.id', '=', userId).executeTakeFirst();
  return row ? userRowToWire(row as unknown as UserViewRow) : undefined;
}
