/**
 * What the signed-in role may do to one program, as the server decides it: the role's flags, the
 * lock, and the editing window (model/programs/editing-window.ts, the rule the server applies).
 * Screens use it to offer only what will be accepted; the server refuses the rest anyway.
 */
import { usePermissions } from 'react-admin';
import { programEditable } from '@model/programs/editing-window';
import type { RoleFlags } from '../../session/session-store';

export interface ProgramAccessInput {
  created_at?: string;
  no_of_days_for_edit_program?: number;
  lockProgram?: number;
}

export interface ProgramAccess {
  /** The role holds this flag. */
  can(flag: string): boolean;
  locked: boolean;
  /** Inside the editing window, or the role may always edit. */
  editable: boolean;
  /** A change to the program itself would be accepted (flag aside): unlocked and editable. */
  mayChange: boolean;
}

export function programAccess(flags: RoleFlags, program: ProgramAccessInput | undefined, now = new Date()): ProgramAccess {
  const can = (flag: string) => flags[flag] === true;
  const locked = program?.lockProgram === 1;
  const editable =
    program?.created_at !== undefined &&
    programEditable({
      createdAt: program.created_at,
      days: program.no_of_days_for_edit_program ?? 0,
      roleMayAlways: can('edit_document_after_no_of_days'),
      now,
    });
  return { can, locked, editable, mayChange: !locked && editable };
}

export function useProgramAccess(program: ProgramAccessInput | undefined): ProgramAccess {
  const { permissions } = usePermissions<RoleFlags>();
  return programAccess(permissions ?? {}, program);
}
