/** Queries of users: always joined with role and designation, never exposing the password hash. */
import { sql, type RawBuilder, type Updateable } from 'kysely';
import { trimText } from '@model/trim-text.ts';
import { randomUUID } from 'node:crypto';
import type { Db, UserTable } from '../db/database.ts';
import type { User } from '@model/generated/index.ts';
import { resourceEntry } from '@model/schema-registry.ts';
import { rowToWireWithout, toColumn } from '../db/columns.ts';
import { executePrepared } from '../db/prepared.ts';
import { problems } from '../http/errors.ts';
import type { CrudStore } from '../crud/crud-store.ts';
import { equalsCondition, searchCondition, searchFields, sortKey } from '../crud/list-sql.ts';
import type { ListParams } from '../crud/list-params.ts';
import { USER_ROW_COLUMNS, userRowToWire, userViewQuery } from './session-user.ts';

type Wire = Record<string, unknown>;
const entry = resourceEntry('user');

/**
 * A user as a list shows them: role and designation by id and name. The role's flags stay out
 * of list rows (they were most of a page's bytes); one user's record (GET /user/{id}) has them.
 */
export type UserListRow = Omit<User, 'role' | 'designation' | 'password' | 'current_password'> & {
  _id: string;
  role: { _id: string; role: string; role_slug: string };
  designation: { _id: string; name: string };
};

/** Columns a list may sort by; a reference sorts by the referenced name. */
const SORT_COLUMNS: Record<string, string> = {
  designation: 'd.name',
  role: 'r.role',
  _id: 'u.id',
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
};
const TEXT_SORTS = new Set(['employeeId', 'first_name', 'last_name', 'fullname', 'email', 'mobile', 'designation', 'role']);
/** Fields the wire shows but no column holds: computed the way userRowToWire computes them. */
const COMPUTED: Record<string, RawBuilder<string>> = { fullname: sql<string>`(u.first_name || ' ' || u.last_name)` };

/** The SQL a list sorts or filters a field by. */
function listColumn(field: string, filtering: boolean) {
  if (Object.hasOwn(COMPUTED, field)) return COMPUTED[field]!;
  if (filtering && (field === 'role' || field === 'designation')) return sql.ref(`u.${field}_id`);
  return sql.ref(Object.hasOwn(SORT_COLUMNS, field) ? SORT_COLUMNS[field]! : `u.${toColumn(field)}`);
}

/** Live users with the names of their role and designation. */
function userListQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .innerJoin('designation as d', 'd.id', 'u.designation_id')
    .where('u.deleted_at', 'is', null);
}

/** The joined columns, answered as `role` and `designation` objects rather than as columns. */
const REFERENCE_COLUMNS = new Set(['role_id', 'role_name', 'role_slug', 'designation_id', 'designation_name']);

function listRowToWire(row: Record<string, unknown>): UserListRow {
  const user = rowToWireWithout(row, REFERENCE_COLUMNS) as Omit<UserListRow, 'fullname' | 'role' | 'designation'>;
  return Object.assign(user, {
    fullname: `${String(row.first_name)} ${String(row.last_name)}`,
    role: { _id: String(row.role_id), role: String(row.role_name), role_slug: String(row.role_slug) },
    designation: { _id: String(row.designation_id), name: String(row.designation_name) },
  });
}

export async function listUsers(db: Db, params: ListParams): Promise<{ rows: UserListRow[]; total: number }> {
  let query = userListQuery(db);
  const search = searchCondition(
    searchFields(entry).map((f) => sql.ref(`u.${toColumn(f)}`)),
    params.search,
  );
  if (search) query = query.where(search);
  for (const [field, value] of Object.entries(params.equals)) query = query.where(equalsCondition(listColumn(field, true), value));
  const [{ count }] = (await executePrepared(
    db,
    'user_list_count',
    query.select((eb) => eb.fn.countAll<string>().as('count')),
  )) as [{ count: string }];
  let rows = query
    .select(USER_ROW_COLUMNS)
    .orderBy(sortKey(listColumn(params.sort.field, false), params.sort.order, TEXT_SORTS.has(params.sort.field)))
    .orderBy('u.id');
  if (params.range) rows = rows.offset(params.range.start).limit(params.range.end - params.range.start + 1);
  return { rows: (await executePrepared(db, 'user_list_page', rows)).map(listRowToWire), total: Number(count) };
}

export async function getUser(db: Db, id: string, opts: { includeDeleted?: boolean } = {}): Promise<Wire> {
  let query = userViewQuery(db).where('u.id', '=', id);
  if (!opts.includeDeleted) query = query.where('u.deleted_at', 'is', null);
  const row = await query.executeTakeFirst();
  if (!row) throw problems.notFound('User');
  return userRowToWire(row);
}

/** The user list and one user, for the CRUD plugin; adding, changing and deleting are the user service's. */
export const userStore: CrudStore = {
  list: listUsers,
  get: (db, id) => getUser(db, id),
};

export interface UserRow {
  id: string;
  email: string;
  role_id: string;
  photo: string | null;
  status: boolean;
  /** The slug and flags of the role the user holds now. */
  role_slug: string;
  role_permission: Record<string, boolean>;
}

export async function userRow(db: Db, id: string): Promise<UserRow> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.email', 'u.role_id', 'u.photo', 'u.status', 'r.role_slug', 'r.permission as role_permission'])
    .where('u.id', '=', id)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw problems.notFound('User');
  return row as UserRow; // joined with its role, so role_id is set
}

/**
 * A user as the change log keeps them: their stored columns, by id (role_id, designation_id).
 * The password hash is kept in only so the log can say it changed: the log redacts it by name.
 */
export async function userLogRow(db: Db, id: string): Promise<Record<string, unknown>> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The stored password hash of a live user, for proving who is asking; never leaves the server. */
export async function passwordHashOf(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw problems.notFound('User');
  return row.password_hash;
}

/** The role a user is being given, with its flags; a clear 400 when it does not exist. */
export async function roleForAssignment(
  db: Db,
  roleId: string,
): Promise<{ id: string; role_slug: string; permission: Record<string, boolean> }> {
  const role = await db.selectFrom('roles').select(['id', 'role_slug', 'permission', 'status']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw problems.badRequest('Role not found', { role: 'Choose an existing role' });
  if (!role.status) throw problems.badRequest('This role is inactive', { role: 'This role is inactive; choose an active one' });
  return role;
}

/** A user's designation must exist and be active (400 naming the field otherwise). */
export async function assertDesignationExists(db: Db, designationId: string): Promise<void> {
  const row = await db.selectFrom('designation').select(['id', 'status']).where('id', '=', designationId).executeTakeFirst();
  if (!row) throw problems.badRequest('Designation not found', { designation: 'Choose an existing designation' });
  if (!row.status)
    throw problems.badRequest('This designation is inactive', { designation: 'This designation is inactive; choose an active one' });
}

/**
 * Constraint failures of a user write, named after the field: the e-mail taken meanwhile, or the
 * role or designation deleted between the check and the write (another admin, at the same moment).
 */
async function translate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code === '23505') throw problems.emailTaken();
    if (code === '23503' && constraint?.includes('role')) throw problems.referenceGone('Role', 'role');
    if (code === '23503' && constraint?.includes('designation')) throw problems.referenceGone('Designation', 'designation');
    throw err;
  }
}

/** A user as written: the designation and role by id (they read back as objects). */
export type NewUser = Pick<User, 'employeeId' | 'first_name' | 'last_name' | 'email' | 'mobile' | 'status' | 'language'> & {
  designation: string;
  role: string;
};

export async function insertUser(db: Db, user: NewUser, passwordHash: string, now: Date): Promise<string> {
  const id = randomUUID();
  await translate(() =>
    db
      .insertInto('users')
      .values({
        id,
        employeeId: trimText(user.employeeId),
        first_name: trimText(user.first_name),
        last_name: trimText(user.last_name),
        email: trimText(user.email).toLowerCase(),
        mobile: trimText(user.mobile),
        designation_id: user.designation,
        role_id: user.role,
        status: user.status ?? true,
        password_hash: passwordHash,
        photo: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
  return id;
}

/** The columns a change may set (id and timestamps are the store's business). */
export type UserChanges = Partial<Omit<Updateable<UserTable>, 'id' | 'created_at' | 'updated_at'>>;

export async function updateUserRow(db: Db, id: string, changes: UserChanges, now: Date): Promise<void> {
  const values = { ...changes, ...(changes.email ? { email: trimText(changes.email).toLowerCase() } : {}), updated_at: now };
  await translate(() => db.updateTable('users').set(values).where('id', '=', id).execute());
}
