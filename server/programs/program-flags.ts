/**
 * The Programs flags that are no CRUD action of the map (the map names get, create, edit and
 * delete: read those with `mapFlag('program', …)`).
 */
import type { Permission } from '@model/generated/index.ts';

export const LOCK_FLAG = 'can_lock_program' satisfies keyof Permission;
export const TEAM_FLAG = 'can_manage_program_team' satisfies keyof Permission;
export const TYPES_FLAG = 'can_manage_program_types' satisfies keyof Permission;
/** A role holding it edits a program whenever it likes; others only inside its editing window. */
export const ALWAYS_EDIT_FLAG = 'edit_document_after_no_of_days' satisfies keyof Permission;
