/**
 * Rules that stop a user from raising privileges: nobody grants a flag they do not hold
 * (through a role's permission or by giving someone a role), changes their own role, or
 * removes their own account. Password changes: the role named Admin may change anyone's,
 * everyone else only their own (spec 1 §4).
 */
import type { SessionUser } from './session-user.ts';
import { Problem } from '../http/errors.ts';

export const ADMIN_ROLE_NAME = 'Admin';

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
