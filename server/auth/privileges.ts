/**
 * Rules that stop a user from raising privileges: nobody grants a flag they do not hold
 * (through a role's permission or by giving someone a role), changes their own role, or
 * removes their own account; nobody but the Admin role takes or moves the Admin name; nobody
 * manages an account that holds more than they do (a changed e-mail plus a reset link would
 * hand them that account). Password changes: the Admin role may change anyone's, everyone
 * else only their own (spec 1 §4).
 *
 * "The Admin role" is the role whose slug is ADMIN_ROLE_SLUG, never whatever role is called
 * Admin: the slug is fixed at seeding, while a display name is only a label (spec 1 §4 says
 * "by name"; a name-based rule would let a rename silently take "change any password" away
 * from the role that holds every flag, or hand it to a role that merely looks like it).
 */
import type { SessionUser } from './session-user.ts';
import { problems } from '../http/errors.ts';
import { isReservedRoleName } from './role-name.ts';

export { ADMIN_ROLE_NAME, ADMIN_ROLE_SLUG } from '@model/rules';
import { ADMIN_ROLE_SLUG } from '@model/rules';

/** Whether a user (by their role's slug) or a role (by its own) is the Admin role. */
const isAdmin = (user: { roleSlug: string }) => user.roleSlug === ADMIN_ROLE_SLUG;
const isAdminRole = (role: { role_slug: string }) => role.role_slug === ADMIN_ROLE_SLUG;

/** Flags set true in `permission` that the caller's own role does not grant. */
export function flagsBeyond(caller: SessionUser, permission: Record<string, boolean>): string[] {
  return Object.entries(permission)
    .filter(([flag, on]) => on === true && caller.permission[flag] !== true)
    .map(([flag]) => flag)
    .sort();
}

export function assertGrantable(caller: SessionUser, permission: Record<string, boolean>): void {
  const beyond = flagsBeyond(caller, permission);
  if (beyond.length) throw problems.grantBeyondOwn(beyond);
}

export function assertNotSelf(caller: SessionUser, userId: string, what: string): void {
  if (caller.id === userId) throw problems.selfChange(what);
}

export const mayChangePasswordOf = (caller: SessionUser, userId: string) => isAdmin(caller) || caller.id === userId;

/** 'Admin' and every name that looks like it (case, spaces, accents, invisible or lookalike letters). */
const isAdminName = (name: string) => isReservedRoleName(name);

/**
 * The name grants nothing, but a second role called Admin would pass itself off as the one that
 * holds every flag: only the Admin role may give the name to a role or take it away.
 */
export function assertMayNameRole(caller: SessionUser, newName: string, currentName?: string): void {
  if (isAdmin(caller)) return;
  if (isAdminName(newName) || (currentName !== undefined && isAdminName(currentName))) throw problems.adminNameReserved();
}

/** Changing or deleting another user needs at least what they hold (the Admin role: being Admin). */
export function assertMayManage(caller: SessionUser, target: { id: string; roleSlug: string; permission: Record<string, boolean> }): void {
  if (caller.id === target.id || isAdmin(caller)) return;
  if (isAdmin(target)) throw problems.adminUserReserved();
  const beyond = flagsBeyond(caller, target.permission);
  if (beyond.length) throw problems.manageBeyondOwn('a user who', beyond);
}

/** Giving a user a role: its flags must all be the caller's, and only an Admin hands out the Admin role. */
export function assertMayAssignRole(caller: SessionUser, role: { role_slug: string; permission: Record<string, boolean> }): void {
  if (isAdminRole(role) && !isAdmin(caller)) throw problems.adminRoleGrantReserved();
  assertGrantable(caller, role.permission);
}

/**
 * Renaming, (de)activating, deleting a role or changing its flags: only an Admin touches the
 * Admin role, and nobody touches a role holding a flag they do not hold (they could switch
 * off or strip the access of people who out-rank them).
 */
export function assertMayManageRole(caller: SessionUser, role: { role_slug: string; permission: Record<string, boolean> }): void {
  if (isAdmin(caller)) return;
  if (isAdminRole(role)) throw problems.adminRoleReserved();
  const beyond = flagsBeyond(caller, role.permission);
  if (beyond.length) throw problems.manageBeyondOwn('a role that', beyond);
}

/** The flags a change switches on (false → true); switching one off grants nothing. */
export function flagsTurnedOn(current: Record<string, boolean>, change: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(change).filter(([flag, on]) => on === true && current[flag] !== true));
}

/**
 * The Admin role always holds every flag and keeps its name: unticking one of its flags could
 * not be undone by anyone, and under another name it would leave 'Admin' to be given to a role
 * that only looks like it.
 */
export function assertAdminRoleKept(role: { role: string; role_slug: string }, change: { flags?: boolean; name?: string }): void {
  if (!isAdminRole(role)) return;
  if (change.flags) throw problems.adminRoleFlagsFixed();
  if (change.name !== undefined && change.name !== role.role) throw problems.adminRoleNameFixed();
}
