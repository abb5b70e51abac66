/** The signed-in user as routes see them, and the user record as the wire shows it. */
import type { Db } from '../db/database.ts';
import { rowToWire } from '../db/columns.ts';

export interface SessionUser {
  id: string;
  sessionId: string;
  email: string;
  /** What the Admin role is known by (ADMIN_ROLE_SLUG); its display name is only a label. */
  roleSlug: string;
  permission: Record<string, boolean>;
  /** Which client opened the session: the console, or the mobile app (which may call only the routes meant for it). */
  client: SessionClient;
}

export type SessionClient = 'console' | 'mobile';

/** What a client needs to enter: the console, `can_access_dashboard`; the mobile app, `can_access_mobile`. */
export const ENTRY_FLAG: Record<SessionClient, string> = { console: 'can_access_dashboard', mobile: 'can_access_mobile' };

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
