/**
 * Rules that stop a user from raising privileges: nobody grants a flag they do not hold
 * (through a role's permission or by giving someone a role), changes their own role, or
 * removes their own account; nobody but the Admin role takes or moves the Admin name; nobody
 * manages an account that holds more than they do (a changed e-mail plus a reset link would
 * hand them that account). Password changes: the role named Admin may change anyone's,
 * everyone else only their own (spec 1 §4).
 */
import type { SessionUser } from './session-user.ts';
import { Problem, problems } from '../http/errors.ts';
import { isReservedRoleName } from './role-name.ts';

export { ADMIN_ROLE_NAME, ADMIN_ROLE_SLUG } from '@model/rules';
import { ADMIN_ROLE_NAME, ADMIN_ROLE_SLUG } from '@model/rules';

/** Flags set true in `permission` that the caller's own role does not grant. */
export function flagsBeyond(caller: SessionUser, permission: Record<string, boolean>): string[] {
  return Object.entries(permission)
    .filter(([flag, on]) => on === true && caller.permission[flag] !== true)
    .map(([flag]) => flag)
    .sort();
}

export function assertGrantable(caller: SessionUser, permission: Record<string, boolean>): void {
  const beyond = flagsBeyond(caller, permission);
  if (beyond.length) {
    throw new Problem(403, 'PRIVILEGE_ESCALATION', `You cannot grant permissions you do not hold: ${beyond.join(', ')}`, undefined, {
      permissions: beyond,
    });
  }
}

export function assertNotSelf(caller: SessionUser, userId: string, what: string): void {
  if (caller.id === userId) throw new Problem(403, 'SELF_CHANGE', `You cannot ${what}`);
}

export const mayChangePasswordOf = (caller: SessionUser, userId: string) =>
  caller.roleName === ADMIN_ROLE_NAME || caller.id === userId;

/** 'Admin' and every name that looks like it (case, spaces, accents, invisible or lookalike letters). */
const isAdminName = (name: string) => isReservedRoleName(name);

/** The Admin name grants "change any password", so only the Admin role may give it to a role or take it away. */
export function assertMayNameRole(caller: SessionUser, newName: string, currentName?: string): void {
  if (caller.roleName === ADMIN_ROLE_NAME) return;
  if (isAdminName(newName) || (currentName !== undefined && isAdminName(currentName))) {
    throw new Problem(403, 'ADMIN_NAME_RESERVED', 'Only the Admin role may name a role Admin or rename it');
  }
}

/** Changing or deleting another user needs at least what they hold (the Admin role: being Admin). */
export function assertMayManage(caller: SessionUser, target: { id: string; roleName: string; permission: Record<string, boolean> }): void {
  if (caller.id === target.id || caller.roleName === ADMIN_ROLE_NAME) return;
  if (target.roleName === ADMIN_ROLE_NAME) {
    throw new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may change a user of the Admin role');
  }
  const beyond = flagsBeyond(caller, target.permission);
  if (beyond.length) {
    throw new Problem(403, 'PRIVILEGE_ESCALATION', `You cannot change a user who holds permissions you do not hold: ${beyond.join(', ')}`, undefined, {
      permissions: beyond,
    });
  }
}

/** Giving a user a role: its flags must all be the caller's, and only an Admin hands out the Admin role. */
export function assertMayAssignRole(caller: SessionUser, role: { role: string; permission: Record<string, boolean> }): void {
  if (isAdminName(role.role) && caller.roleName !== ADMIN_ROLE_NAME) {
    throw new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may give a user the Admin role');
  }
  assertGrantable(caller, role.permission);
}

/**
 * Renaming, (de)activating, deleting a role or changing its flags: only an Admin touches the
 * Admin role, and nobody touches a role holding a flag they do not hold (they could switch
 * off or strip the access of people who out-rank them).
 */
export function assertMayManageRole(caller: SessionUser, role: { role: string; permission: Record<string, boolean> }): void {
  if (caller.roleName === ADMIN_ROLE_NAME) return;
  if (isAdminName(role.role)) throw new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may change the Admin role');
  const beyond = flagsBeyond(caller, role.permission);
  if (beyond.length) {
    throw new Problem(403, 'PRIVILEGE_ESCALATION', `You cannot change a role that holds permissions you do not hold: ${beyond.join(', ')}`, undefined, {
      permissions: beyond,
    });
  }
}

/** The flags a change switches on (false → true); switching one off grants nothing. */
export function flagsTurnedOn(current: Record<string, boolean>, change: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(change).filter(([flag, on]) => on === true && current[flag] !== true));
}

/**
 * The Admin role always holds every flag and keeps its name: unticking one of its flags could
 * not be undone by anyone, and renaming it would strip its members of the Admin name's rights
 * (and of the right to give the name back).
 */
export function assertAdminRoleKept(role: { role: string; role_slug: string }, change: { flags?: boolean; name?: string }): void {
  if (role.role_slug !== ADMIN_ROLE_SLUG) return;
  if (change.flags) throw problems.adminRoleFlagsFixed();
  if (change.name !== undefined && change.name !== role.role) throw problems.adminRoleNameFixed();
}
