/**
 * Why a change to a program would be refused, in the server's own words (the lock's 423, the
 * editing window's 403), or null when it would be accepted — so a screen can say it in one line
 * instead of offering a button that only fails.
 */
import { editingWindowClosedMessage } from '@model/programs/editing-window';
import type { ProgramAccess, ProgramAccessInput } from '../program-access';

export const NO_EDIT_PERMISSION = "You don't have permission to edit programs";
export const LOCKED_MESSAGE = 'This program is locked. Unlock it to make changes.';

/** Why a button is not offered, naming the flag the role lacks (the words of the settings and list pages). */
export const missingFlag = (doing: string, flag: string) => `You don't have permission to ${doing} (${flag})`;

export function editBlockedReason(access: ProgramAccess, program: ProgramAccessInput): string | null {
  if (!access.can('can_edit_program')) return NO_EDIT_PERMISSION;
  if (access.locked) return LOCKED_MESSAGE;
  if (!access.editable) return editingWindowClosedMessage(program.no_of_days_for_edit_program ?? 0);
  return null;
}
