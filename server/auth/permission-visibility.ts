/**
 * Who may read a role's permission flags: a caller holding can_get_permission, and everyone
 * their own role's (the console decides what to show from them). Every role answer, and every
 * role inside a user answer, passes through here, so can_get_role or can_get_user alone never
 * show another role's flags.
 */
import type { Row } from '../crud/crud-store.ts';
import type { SessionUser } from './session-user.ts';

/** The flag that guards reading flags (GET /permission/{id} checks it too). */
export const READ_FLAGS = 'can_get_permission';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export const mayReadFlags = (caller: Caller | undefined): boolean => caller?.permission[READ_FLAGS] === true;

/** A role answered to this caller: its flags only when the caller may read flags. */
export function roleForCaller(role: Row, caller: Caller | undefined): Row {
  if (mayReadFlags(caller) || !('permission' in role)) return role;
  const { permission: _hidden, ...rest } = role;
  return rest;
}

/** A user answered to this caller: their role's flags when it is the caller's own record or the caller may read flags. */
export function userForCaller(user: Row, caller: Caller | undefined): Row {
  const role = user.role;
  if (caller && user._id === caller.id) return user;
  if (!role || typeof role !== 'object') return user;
  return { ...user, role: roleForCaller(role as Row, caller) };
}
